import { describe, expect, it } from 'vitest';
import { bodyParts, mentionQuery, mentionToken } from './api';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('comment bodies', () => {
  it('splits the text from the mentions', () => {
    expect(bodyParts(`Hi @[Mona Manager](${id}), see the price`)).toEqual([{ text: 'Hi ' }, { mention: 'Mona Manager', userId: id }, { text: ', see the price' }]);
    expect(bodyParts('no mention @[x](y)')).toEqual([{ text: 'no mention @[x](y)' }]);
  });
  it('writes a mention token the server reads back', () => {
    expect(bodyParts(mentionToken({ id, fullName: 'A [B]' }))).toEqual([{ mention: 'A  B ', userId: id }]);
  });
  it('finds the name typed after an @ before the caret', () => {
    expect(mentionQuery('ping @Mo', 8)).toEqual({ start: 5, q: 'Mo' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, q: '' });
    expect(mentionQuery('mail a@b', 8)).toBeNull();
    expect(mentionQuery('@Mo and more', 12)).toBeNull();
  });
});
