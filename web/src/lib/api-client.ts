/** The one API client: bearer token, snake⇄camel conversion, error classes, offline handling. */
import { camelize, snakify } from './case';
import { fileNameFromDisposition } from './download';
import { AppError, ForbiddenError, NetworkError, NotFoundError, errorFromResponse } from './errors';

type Query = Record<string, unknown>;

let tokenProvider: () => string | null = () => null;
let failureListener: (error: AppError) => void = () => {};

export function setTokenProvider(provider: () => string | null): void {
  tokenProvider = provider;
}

/** The session's bearer token, for calls made outside this client (resumable uploads). */
export const bearerToken = (): string | null => tokenProvider();

/** Called with every failed call's error (the maintenance and banner stores listen). */
export function setFailureListener(listener: (error: AppError) => void): void {
  failureListener = listener;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** `key[]=a&key[]=b` for arrays; empty values skipped, `false` kept. Keys become snake_case. */
export function buildQuery(query: Query = {}): string {
  const params = new URLSearchParams();
  const snake = snakify<Query>(query);
  for (const [key, value] of Object.entries(snake)) {
    if (Array.isArray(value)) {
      value.filter((v) => !isEmpty(v)).forEach((v) => params.append(`${key}[]`, String(v)));
    } else if (!isEmpty(value)) {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Accept header; JSON unless a file is wanted. */
  accept?: string;
  /** A 403 or 404 answer is the page's to show (its 403/404 page), so it is not reported to the banner. */
  quietRefusal?: boolean;
  /** A bearer other than the session's: the guest pages send their guest token. */
  bearer?: string;
  /** Share of the request body sent so far (0–1); asking for it sends the call through XHR, which reports upload progress (fetch does not). */
  onProgress?: (ratio: number) => void;
}

/** Options of a GET. */
export type GetOptions = Pick<RequestOptions, 'signal' | 'quietRefusal' | 'bearer'>;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** One call through XMLHttpRequest, answered as a fetch Response so the rest of the client treats both alike. */
function sendWithProgress(method: string, url: string, headers: Record<string, string>, body: FormData | string | undefined, onProgress: (ratio: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    Object.entries(headers).forEach(([name, value]) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      onProgress(1);
      const responseHeaders = new Headers();
      xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)
        .filter(Boolean)
        .forEach((line) => {
          const at = line.indexOf(':');
          if (at > 0) responseHeaders.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        });
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, headers: responseHeaders }));
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.send(body ?? null);
  });
}

/** Sends one call and returns the successful response; every failure is classified and reported. */
async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    const error = new NetworkError('ネットワークエラー');
    failureListener(error);
    throw error;
  }
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json', 'X-Platform-Version': __REVISION__ };
  const token = options.bearer ?? tokenProvider();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: FormData | string | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(snakify(options.body));
  }
  let response: Response;
  try {
    const url = `/api${path}${buildQuery(options.query)}`;
    response = options.onProgress
      ? await sendWithProgress(method, url, headers, body, options.onProgress)
      : await fetch(url, { method, headers, body, signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new NetworkError('ネットワークエラー');
    failureListener(error);
    throw error;
  }
  if (!response.ok) {
    const error = errorFromResponse(response.status, await readJson(response));
    const refusal = error instanceof ForbiddenError || error instanceof NotFoundError;
    if (!(options.quietRefusal && refusal)) failureListener(error);
    throw error;
  }
  return response;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options);
  if (response.status === 204) return undefined as T;
  return camelize<T>(await readJson(response));
}

/** The multipart body of a one-file upload (`file` field). */
export function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** A file answer: its bytes and the name the server suggests. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

export const api = {
  get: <T>(path: string, query?: Query, options: GetOptions = {}) => request<T>('GET', path, { query, ...options }),
  post: <T>(path: string, body?: unknown, options: Pick<RequestOptions, 'query'> = {}) => request<T>('POST', path, { body, ...options }),
  put: <T>(path: string, body?: unknown, options: Pick<RequestOptions, 'bearer'> = {}) => request<T>('PUT', path, { body, ...options }),
  delete: <T>(path: string, body?: unknown, options: Pick<RequestOptions, 'query'> = {}) => request<T>('DELETE', path, { body, ...options }),
  /** A multipart upload; `onProgress` follows how much of it has been sent. */
  upload: <T>(path: string, form: FormData, onProgress?: (ratio: number) => void) => request<T>('POST', path, { body: form, onProgress }),
  /** File calls return the raw bytes (spreadsheet templates, deliveries, images shown from `/files/{id}`). */
  download: async (path: string, query?: Query, options: Pick<RequestOptions, 'bearer' | 'quietRefusal' | 'signal'> = {}): Promise<DownloadedFile> => {
    const response = await send('GET', path, { query, accept: '*/*', ...options });
    return { blob: await response.blob(), fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')) };
  },
};

/**
 * Starts a call whose failure needs nothing beyond what the client already did with it (the
 * banner), so a refused write never becomes an unhandled rejection.
 */
export function settle(call: Promise<unknown>): Promise<void> {
  return call.then(
    () => undefined,
    () => undefined,
  );
}
