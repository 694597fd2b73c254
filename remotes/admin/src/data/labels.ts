/** The reference data pages' texts: each set's title and purpose, and the grids' column headers. */
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { DataSet } from './api';

const titles = defineMessages({
  customers: { id: 'admin.data.customers.title', defaultMessage: 'Customers' },
  territories: { id: 'admin.data.territories.title', defaultMessage: 'Territories and business entities' },
  divisionGroups: { id: 'admin.data.divisionGroups.title', defaultMessage: 'Division groups' },
  locations: { id: 'admin.data.locations.title', defaultMessage: 'Locations' },
  currencies: { id: 'admin.data.currencies.title', defaultMessage: 'Currencies' },
});

const abouts = defineMessages({
  customers: {
    id: 'admin.data.customers.about',
    defaultMessage: 'The one customer list: wholesale orders find customers here with their terms, and assortments name official customers.',
  },
  territories: { id: 'admin.data.territories.about', defaultMessage: 'The territories and business entities a user works in, with the locations each covers.' },
  divisionGroups: { id: 'admin.data.divisionGroups.about', defaultMessage: 'How genders are grouped when styles are grouped or sorted by division group.' },
  locations: { id: 'admin.data.locations.about', defaultMessage: 'The pricing locations with their currency and region.' },
  currencies: { id: 'admin.data.currencies.about', defaultMessage: 'The currencies prices are shown in, with their symbol and decimal places.' },
});

const icons: Record<DataSet, string> = { customers: 'users', territories: 'globe', divisionGroups: 'layers', locations: 'store', currencies: 'price' };

const text = (s: DataSet) => ({ title: titles[s] as MessageDescriptor, about: abouts[s] as MessageDescriptor, icon: icons[s] });

export const dataSetText: Record<DataSet, { title: MessageDescriptor; about: MessageDescriptor; icon: string }> = {
  customers: text('customers'),
  territories: text('territories'),
  divisionGroups: text('divisionGroups'),
  locations: text('locations'),
  currencies: text('currencies'),
};

/** The column headers by field (the server's English headers otherwise). */
export const columnHeaders: Record<string, MessageDescriptor> = defineMessages({
  customerId: { id: 'admin.data.col.customerId', defaultMessage: 'Customer Id' },
  account: { id: 'admin.data.col.account', defaultMessage: 'Account' },
  name: { id: 'admin.data.col.name', defaultMessage: 'Name' },
  region: { id: 'admin.data.col.region', defaultMessage: 'Region' },
  country: { id: 'admin.data.col.country', defaultMessage: 'Country' },
  currency: { id: 'admin.data.col.currency', defaultMessage: 'Currency' },
  terms: { id: 'admin.data.col.terms', defaultMessage: 'Terms' },
  territory: { id: 'admin.data.col.territory', defaultMessage: 'Territory' },
  official: { id: 'admin.data.col.official', defaultMessage: 'Official' },
  corporate: { id: 'admin.data.col.corporate', defaultMessage: 'Corporate' },
  email: { id: 'admin.data.col.email', defaultMessage: 'Email' },
  address1: { id: 'admin.data.col.address1', defaultMessage: 'Address 1' },
  address2: { id: 'admin.data.col.address2', defaultMessage: 'Address 2' },
  city: { id: 'admin.data.col.city', defaultMessage: 'City' },
  state: { id: 'admin.data.col.state', defaultMessage: 'State' },
  zip: { id: 'admin.data.col.zip', defaultMessage: 'Zip' },
  repNumber: { id: 'admin.data.col.repNumber', defaultMessage: 'Rep Number' },
  businessEntity: { id: 'admin.data.col.businessEntity', defaultMessage: 'Business Entity' },
  locations: { id: 'admin.data.col.locations', defaultMessage: 'Locations' },
  description: { id: 'admin.data.col.description', defaultMessage: 'Description' },
  divisionGroup: { id: 'admin.data.col.divisionGroup', defaultMessage: 'Division Group' },
  genders: { id: 'admin.data.col.genders', defaultMessage: 'Genders' },
  sort: { id: 'admin.data.col.sort', defaultMessage: 'Sort' },
  code: { id: 'admin.data.col.code', defaultMessage: 'Location Code' },
  currencyCode: { id: 'admin.data.col.currencyCode', defaultMessage: 'Currency Code' },
  currencySymbol: { id: 'admin.data.col.currencySymbol', defaultMessage: 'Currency Symbol' },
  decimalPlaces: { id: 'admin.data.col.decimalPlaces', defaultMessage: 'Decimal Places' },
});
