import { describe, expect, it } from 'vitest';
import { actions, authzCheck } from './index';

describe('authzCheck', () => {
  it('asks about a generated action with only the resource keys its policy reads', () => {
    expect(authzCheck(actions.assortmentsEdit, { channel: 'Retail' })).toEqual({ action: actions.assortmentsEdit.id, resource: { channel: 'Retail' } });
    expect(authzCheck(actions.sessionPing)).toEqual({ action: actions.sessionPing.id });
    // @ts-expect-error assortments.edit's policy reads channel, not region: the typecheck refuses it
    expect(authzCheck(actions.assortmentsEdit, { region: 'Europe' }).resource).toEqual({ region: 'Europe' });
    // @ts-expect-error session.ping's policy reads no resource
    authzCheck(actions.sessionPing, { channel: 'Retail' });
  });

  it('carries each action with its id, module and resource keys from the manifests', () => {
    expect(actions.librariesManage.module).toBe('libraries');
    expect(actions.librariesManage.resource).toEqual(['libraryType']);
  });
});
