import * as Y from 'yjs';
import { FakeHub } from './fake-hub';
import { ManuscriptProvider } from './provider';

/** Appends a paragraph to the document as TipTap's binding would. */
function write(doc: Y.Doc, text: string): void {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  const fragment = doc.getXmlFragment('default');
  fragment.insert(fragment.length, [paragraph]);
}
const textOf = (doc: Y.Doc) => doc.getXmlFragment('default').toString();
const settle = () => vi.waitFor(() => new Promise((resolve) => setTimeout(resolve, 0)));

const providers: ManuscriptProvider[] = [];
function open(hub: FakeHub, permission: 'edit' | 'suggest' | 'comment' = 'edit', userId = 1) {
  const socket = hub.socket(permission, userId);
  const doc = new Y.Doc();
  const provider = new ManuscriptProvider(doc, { manuscriptId: 7, transport: socket, retryMs: [0] });
  providers.push(provider);
  return { socket, doc, provider };
}

afterEach(() => {
  providers.splice(0).forEach((p) => p.destroy());
});

describe('ManuscriptProvider', () => {
  it('joins with the state vector and takes what the server holds', async () => {
    const hub = new FakeHub();
    write(hub.doc, '既存の本文');
    const a = open(hub);
    expect(a.provider.current.status).toBe('connecting');
    await vi.waitFor(() => expect(a.provider.current.status).toBe('synced'));
    expect(textOf(a.doc)).toBe(textOf(hub.doc));
    expect(a.provider.current.permission).toBe('edit');
    const join = hub.received.find((r) => r.event === 'manuscript:join')!;
    expect(join.payload).toMatchObject({ manuscript_id: 7 });
    expect(typeof join.payload.state_vector).toBe('string');
    // It had nothing the server lacked: no update sent.
    expect(a.socket.sent('manuscript:update')).toBe(0);
  });

  it('sends local edits, and the other tab applies them without echoing them back', async () => {
    const hub = new FakeHub();
    const a = open(hub, 'edit', 1);
    const b = open(hub, 'suggest', 2);
    await vi.waitFor(() => expect([a.provider.current.status, b.provider.current.status]).toEqual(['synced', 'synced']));
    write(a.doc, '一行目');
    await vi.waitFor(() => expect(textOf(b.doc)).toBe('<paragraph>一行目</paragraph>'));
    expect(textOf(hub.doc)).toBe('<paragraph>一行目</paragraph>');
    expect(a.socket.sent('manuscript:update')).toBe(1);
    await settle();
    expect(b.socket.sent('manuscript:update')).toBe(0);
    write(b.doc, '二行目');
    await vi.waitFor(() => expect(textOf(a.doc)).toBe('<paragraph>一行目</paragraph><paragraph>二行目</paragraph>'));
  });

  it('merges edits made offline on both sides when the socket comes back', async () => {
    const hub = new FakeHub();
    const a = open(hub, 'edit', 1);
    const b = open(hub, 'edit', 2);
    await vi.waitFor(() => expect(b.provider.current.status).toBe('synced'));
    write(a.doc, '共通');
    await vi.waitFor(() => expect(textOf(b.doc)).toContain('共通'));

    b.socket.drop();
    expect(b.provider.current.status).toBe('offline');
    write(b.doc, 'オフラインで書いた');
    write(a.doc, 'その間に書いた');
    await settle();
    expect(textOf(b.doc)).not.toContain('その間に書いた');
    expect(textOf(hub.doc)).not.toContain('オフラインで書いた');

    b.socket.reconnect();
    await vi.waitFor(() => expect(b.provider.current.status).toBe('synced'));
    await vi.waitFor(() => expect(textOf(a.doc)).toBe(textOf(b.doc)));
    expect(textOf(hub.doc)).toBe(textOf(a.doc));
    expect(textOf(hub.doc)).toContain('オフラインで書いた');
    expect(textOf(hub.doc)).toContain('その間に書いた');
  });

  it('sends a deletion made offline (it adds no structs the state vectors would show)', async () => {
    const hub = new FakeHub();
    write(hub.doc, '消す行');
    const a = open(hub);
    await vi.waitFor(() => expect(a.provider.current.status).toBe('synced'));
    a.socket.drop();
    const fragment = a.doc.getXmlFragment('default');
    fragment.delete(0, 1);
    a.socket.reconnect();
    await vi.waitFor(() => expect(textOf(hub.doc)).toBe(''));
  });

  it('sends again through a new join what the server did not acknowledge', async () => {
    const hub = new FakeHub();
    const a = open(hub);
    await vi.waitFor(() => expect(a.provider.current.status).toBe('synced'));
    a.socket.silent = true;
    write(a.doc, '届かなかった');
    await settle();
    expect(textOf(hub.doc)).toBe('');
    // The answer never came; the connection drops and returns.
    a.socket.silent = false;
    a.socket.drop();
    a.socket.reconnect();
    await vi.waitFor(() => expect(textOf(hub.doc)).toBe('<paragraph>届かなかった</paragraph>'));
  });

  it("holds an input method's reading and sends only what was committed, as one update", async () => {
    const hub = new FakeHub();
    const a = open(hub, 'edit', 1);
    const b = open(hub, 'edit', 2);
    await vi.waitFor(() => expect([a.provider.current.status, b.provider.current.status]).toEqual(['synced', 'synced']));
    write(a.doc, '');
    await vi.waitFor(() => expect(textOf(b.doc)).toBe('<paragraph></paragraph>'));
    const text = (a.doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
    const sent = a.socket.sent('manuscript:update');
    a.provider.composing(true);
    text.insert(0, 'こうせい');
    await settle();
    expect(textOf(b.doc)).toBe('<paragraph></paragraph>');
    // The editor commits the kanji just after the composition ends: still held, then sent merged.
    a.provider.composing(false);
    text.delete(0, 4);
    text.insert(0, '校正');
    expect(a.socket.sent('manuscript:update')).toBe(sent);
    await vi.waitFor(() => expect(textOf(b.doc)).toBe('<paragraph>校正</paragraph>'));
    expect(a.socket.sent('manuscript:update')).toBe(sent + 1);
    expect(textOf(hub.doc)).toBe('<paragraph>校正</paragraph>');
  });

  it('sends no updates with comment permission (awareness only)', async () => {
    const hub = new FakeHub();
    write(hub.doc, '読むだけ');
    const c = open(hub, 'comment', 3);
    await vi.waitFor(() => expect(c.provider.current.status).toBe('synced'));
    expect(c.provider.current.permission).toBe('comment');
    c.provider.awareness.setLocalStateField('user', { id: 3, name: 'クライアント', color: '#123456' });
    await settle();
    expect(c.socket.sent('manuscript:awareness')).toBeGreaterThan(0);
    write(c.doc, '書けないはず');
    await settle();
    expect(c.socket.sent('manuscript:update')).toBe(0);
    expect(textOf(hub.doc)).toBe('<paragraph>読むだけ</paragraph>');
  });

  it('turns read-only with the message when the hub refuses an update', async () => {
    const hub = new FakeHub();
    const a = open(hub, 'edit');
    await vi.waitFor(() => expect(a.provider.current.status).toBe('synced'));
    a.socket.permission = 'comment';
    write(a.doc, '権限が外れた後');
    await vi.waitFor(() => expect(a.provider.current.error).toBe('編集する権限がありません'));
    expect(a.provider.current.permission).toBe('comment');
  });

  it("shows another tab's caret and name, and drops it when that tab leaves", async () => {
    const hub = new FakeHub();
    const a = open(hub, 'edit', 1);
    const b = open(hub, 'edit', 2);
    await vi.waitFor(() => expect(b.provider.current.status).toBe('synced'));
    a.provider.awareness.setLocalStateField('user', { id: 1, name: '山田', color: '#ff0000' });
    await vi.waitFor(() => expect(b.provider.awareness.getStates().get(a.doc.clientID)).toEqual({ user: { id: 1, name: '山田', color: '#ff0000' } }));

    a.provider.destroy();
    await vi.waitFor(() => expect(b.provider.awareness.getStates().has(a.doc.clientID)).toBe(false));
    expect(a.socket.sent('manuscript:leave')).toBe(1);
    expect(hub.room.has(a.socket)).toBe(false);
    // Nothing of the left tab reaches the hub any more.
    write(a.doc, '閉じた後');
    await settle();
    expect(textOf(hub.doc)).toBe('');
  });

  it('shows a tab that joins later the carets already there, without waiting for their renewal', async () => {
    const hub = new FakeHub();
    const a = open(hub, 'edit', 1);
    a.provider.awareness.setLocalStateField('user', { id: 1, name: '山田', color: '#ff0000' });
    await vi.waitFor(() => expect(a.provider.current.status).toBe('synced'));
    const b = open(hub, 'edit', 2);
    b.provider.awareness.setLocalStateField('user', { id: 2, name: '佐藤', color: '#0000ff' });
    await vi.waitFor(() => expect(b.provider.awareness.getStates().get(a.doc.clientID)).toEqual({ user: { id: 1, name: '山田', color: '#ff0000' } }));
    expect(a.provider.awareness.getStates().get(b.doc.clientID)).toEqual({ user: { id: 2, name: '佐藤', color: '#0000ff' } });
  });

  it('takes a refused join as final and says why', async () => {
    const hub = new FakeHub();
    const socket = hub.socket();
    socket.request = (async () => ({ error: { message: '原稿が見つかりません', retry: false } })) as typeof socket.request;
    const provider = new ManuscriptProvider(new Y.Doc(), { manuscriptId: 7, transport: socket });
    providers.push(provider);
    await vi.waitFor(() => expect(provider.current.error).toBe('原稿が見つかりません'));
    expect(provider.current.status).toBe('connecting');
  });
});
