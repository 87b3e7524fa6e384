/** Mails the server wrote to DATA_DIR/mail, decoded, and the links they carry. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** A stored mail with its body decoded (bodies with long lines, such as links, are base64). */
export function decodeMail(raw: string): string {
  const at = raw.indexOf('\r\n\r\n');
  if (at < 0) return raw;
  const head = raw.slice(0, at);
  const body = raw.slice(at + 4);
  if (!/Content-Transfer-Encoding: base64/i.test(head)) return raw;
  return `${head}\r\n\r\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
}

/** Every mail, newest first. */
export function mails(): string[] {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).map((name) => join(dir, name));
  } catch {
    return [];
  }
  files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return files.map((file) => decodeMail(readFileSync(file, 'utf8')));
}

/** The path and query of the newest link to `path` mailed to `to` (waits for the mail to arrive). */
export async function mailedLink(to: string, path: string): Promise<string> {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`https?://[^\\s/]+(${escape(path)}\\?token=[A-Za-z0-9_-]+)`);
  // The recipient may carry a (MIME-encoded) name before the address.
  const recipient = new RegExp(`^To:.*${escape(to)}`, 'm');
  let link: string | null = null;
  await expect
    .poll(
      () => {
        const mail = mails().find((m) => recipient.test(m) && pattern.test(m));
        link = mail ? (mail.match(pattern)?.[1] ?? null) : null;
        return link;
      },
      { message: `a mail to ${to} with a link to ${path}` },
    )
    .not.toBeNull();
  return link!;
}
