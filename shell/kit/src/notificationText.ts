/**
 * The words of the notifications (the drawer, the order lists' notes). The server stores a notification as a message id and
 * its values; each id here has a .title and a .body. Rows written before carry English text
 * instead, which the drawer shows as it is.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { NotificationItem } from './types';

const messages: Record<string, MessageDescriptor> = defineMessages({
  'notifications.message.promoSubmitted.title': {
    id: 'notifications.message.promoSubmitted.title',
    defaultMessage: 'Order {orderNumber} needs your review',
  },
  'notifications.message.promoSubmitted.body': {
    id: 'notifications.message.promoSubmitted.body',
    defaultMessage: '{requester} submitted promo order {orderNumber} for your approval.',
  },
  'notifications.message.promoApproved.title': {
    id: 'notifications.message.promoApproved.title',
    defaultMessage: 'Order {orderNumber} needs your review',
  },
  'notifications.message.promoApproved.body': {
    id: 'notifications.message.promoApproved.body',
    defaultMessage: '{approver} reviewed promo order {orderNumber}; it now needs your approval.',
  },
  'notifications.message.promoReviewed.title': {
    id: 'notifications.message.promoReviewed.title',
    defaultMessage: 'Order {orderNumber} was reviewed',
  },
  'notifications.message.promoReviewed.body': {
    id: 'notifications.message.promoReviewed.body',
    defaultMessage: 'Promo order {orderNumber}: {approved, plural, one {# line approved} other {# lines approved}}, {denied} denied.',
  },
  'notifications.message.sampleSubmitted.title': {
    id: 'notifications.message.sampleSubmitted.title',
    defaultMessage: 'Order {orderNumber} was submitted',
  },
  'notifications.message.sampleSubmitted.body': {
    id: 'notifications.message.sampleSubmitted.body',
    defaultMessage: '{requester} submitted sample order {orderNumber}.',
  },
  'notifications.message.sampleCompleted.title': {
    id: 'notifications.message.sampleCompleted.title',
    defaultMessage: 'Order {orderNumber} is complete',
  },
  'notifications.message.sampleCompleted.body': {
    id: 'notifications.message.sampleCompleted.body',
    defaultMessage: 'Sample order {orderNumber} was marked complete.',
  },
  'notifications.message.sampleShipped.title': {
    id: 'notifications.message.sampleShipped.title',
    defaultMessage: 'Sample order {orderNumber} shipped',
  },
  'notifications.message.sampleShipped.body': {
    id: 'notifications.message.sampleShipped.body',
    defaultMessage: '{pairs, plural, one {# pair} other {# pairs}} shipped via {carrier}.',
  },
  'notifications.message.assortmentShared.title': {
    id: 'notifications.message.assortmentShared.title',
    defaultMessage: 'Assortment shared with you',
  },
  'notifications.message.assortmentShared.body': {
    id: 'notifications.message.assortmentShared.body',
    defaultMessage: '{assortment} was copied to you.',
  },
  'notifications.message.commentMention.title': {
    id: 'notifications.message.commentMention.title',
    defaultMessage: '{author} mentioned you in a comment',
  },
  'notifications.message.commentMention.body': {
    id: 'notifications.message.commentMention.body',
    defaultMessage: 'On a row of {title}.',
  },
  'notifications.message.welcome.title': { id: 'notifications.message.welcome.title', defaultMessage: 'Welcome to ITS' },
  'notifications.message.welcome.body': { id: 'notifications.message.welcome.body', defaultMessage: 'Your account is ready.' },
});

/** The title and body of n in intl's language; English text for a row without a known message id. */
export function notificationText(intl: IntlShape, n: NotificationItem): { title: string; body: string } {
  const title = n.messageId ? messages[`${n.messageId}.title`] : undefined;
  if (!title) return { title: n.title, body: n.body ?? '' };
  const body = messages[`${n.messageId}.body`];
  const values = (n.values ?? {}) as Record<string, string | number>;
  return { title: intl.formatMessage(title, values), body: body ? intl.formatMessage(body, values) : '' };
}
