import { describe, expect, it } from 'vitest';
import { ServerError, ValidationError } from './errors';
import { uploadErrorMessage } from './files';

describe('uploadErrorMessage', () => {
  it('names the rule the server gave for the file', () => {
    expect(uploadErrorMessage(new ValidationError('入力内容に誤りがあります。', { file: ['mimes'] }))).toBe(
      'プログラムなど、この種類のファイルはアップロードできません',
    );
    expect(uploadErrorMessage(new ValidationError('入力内容に誤りがあります。', { file: ['max:10240'] }))).toBe(
      'この種類のファイルは10MBまでです',
    );
    expect(uploadErrorMessage(new ValidationError('入力内容に誤りがあります。', { file: ['required'] }))).toBe(
      '空のファイルはアップロードできません',
    );
  });

  it('keeps any other error as it is', () => {
    expect(uploadErrorMessage(new ServerError('サーバーエラーが発生しました。', 503))).toBe('サーバーエラーが発生しました。');
  });
});
