/** The one API client: bearer token, snake⇄camel conversion, error classes, offline handling. */
import { camelize, snakify } from './case';
import { fileNameFromDisposition } from './download';
import { AppError, NetworkError, errorFromResponse } from './errors';

type Query = Record<string, unknown>;

let tokenProvider: () => string | null = () => null;
let failureListener: (error: AppError) => void = () => {};

export function setTokenProvider(provider: () => string | null): void {
  tokenProvider = provider;
}

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
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Sends one call and returns the successful response; every failure is classified and reported. */
async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    const error = new NetworkError('ネットワークエラー');
    failureListener(error);
    throw error;
  }
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json', 'X-Platform-Version': __REVISION__ };
  const token = tokenProvider();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(snakify(options.body));
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}${buildQuery(options.query)}`, { method, headers, body, signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new NetworkError('ネットワークエラー');
    failureListener(error);
    throw error;
  }
  if (!response.ok) {
    const error = errorFromResponse(response.status, await readJson(response));
    failureListener(error);
    throw error;
  }
  return response;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options);
  if (response.status === 204) return undefined as T;
  return camelize<T>(await readJson(response));
}

/** A file answer: its bytes and the name the server suggests. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, { body: form }),
  /** File calls return the raw bytes (spreadsheet templates, deliveries). */
  download: async (path: string, query?: Query): Promise<DownloadedFile> => {
    const response = await send('GET', path, { query, accept: '*/*' });
    return { blob: await response.blob(), fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')) };
  },
};
