import { camelize, snakify } from './case';

describe('case conversion', () => {
  it('camelizes nested keys and arrays but leaves values alone', () => {
    expect(camelize({ user_name: 'a_b', image_file: { anti_virus_check_scan_status: 'clean' }, list: [{ team_id: 1 }] })).toEqual({
      userName: 'a_b',
      imageFile: { antiVirusCheckScanStatus: 'clean' },
      list: [{ teamId: 1 }],
    });
  });

  it('snakifies request bodies and keeps File objects untouched', () => {
    const file = new File(['x'], '原稿.txt');
    const out = snakify<{ mail_address: string; upload_file: File }>({ mailAddress: 'a@b.jp', uploadFile: file });
    expect(out.mail_address).toBe('a@b.jp');
    expect(out.upload_file).toBe(file);
  });
});
