/** The error catalogue of the spec (section 8) and the rule-string messages (section 5). */

export type Rules = Record<string, string[]>;

export class AppError extends Error {
  /** Whether the global error banner shows this error. */
  readonly showInBanner: boolean = true;
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = new.target.name;
  }
}
export class UnauthorizedError extends AppError {
  override readonly showInBanner = false;
}
export class ForbiddenError extends AppError {}
export class NotFoundError extends AppError {
  override readonly showInBanner = false;
}
export class MethodNotAllowedError extends AppError {}
export class ValidationError extends AppError {
  constructor(message: string, readonly rules: Rules) {
    super(message, 422);
  }
}
export class TooManyRequestsError extends AppError {}
export class MaintenanceError extends AppError {
  override readonly showInBanner = false;
  constructor(message: string, readonly startDatetime: string, readonly endDatetime: string) {
    super(message, 503);
  }
}
export class ApiError extends AppError {}
export class ServerError extends AppError {}
export class NetworkError extends AppError {}

export const MESSAGES = {
  unauthorized: 'ログインが必要です',
  forbidden: 'アクセスが許可されていません',
  notFound: 'お探しのデータは存在しません',
  methodNotAllowed: '許可されていないアクセス方法です',
  validation: '入力内容に誤りがあります',
  server: 'サーバーエラーが発生しました',
  network: 'ネットワークエラー',
  fallback: 'エラーが発生しました。',
  jwt: 'URLの有効期限が切れているか、無効です',
} as const;

interface ErrorBody {
  error?: { message?: string; rules?: Rules; start_datetime?: string; end_datetime?: string };
}

/** Maps an HTTP failure to its error class; the server's message wins when it has one. */
export function errorFromResponse(status: number, body: unknown): AppError {
  const error = (body as ErrorBody | null)?.error ?? {};
  const message = error.message;
  switch (status) {
    case 401:
      return new UnauthorizedError(message ?? MESSAGES.unauthorized, status);
    case 403:
      return new ForbiddenError(message ?? MESSAGES.forbidden, status);
    case 404:
      return new NotFoundError(message ?? MESSAGES.notFound, status);
    case 405:
      return new MethodNotAllowedError(message ?? MESSAGES.methodNotAllowed, status);
    case 422: {
      const rules = error.rules ?? {};
      const mentionsJwt = Object.values(rules).some((list) => list.some((rule) => rule.includes('jwt')));
      return new ValidationError(mentionsJwt ? MESSAGES.jwt : (message ?? MESSAGES.validation), rules);
    }
    case 429:
      return new TooManyRequestsError(message ?? MESSAGES.fallback, status);
    case 503:
      if (error.start_datetime && error.end_datetime) {
        return new MaintenanceError(message ?? '', error.start_datetime, error.end_datetime);
      }
      return new ApiError(message ?? MESSAGES.fallback, status);
    case 502:
      // A service behind the API failed; its message is written for the person (e.g. the CRM).
      return new ServerError(message ?? MESSAGES.server, status);
    default:
      if (status >= 500) return new ServerError(MESSAGES.server, status);
      return new ApiError(message ?? MESSAGES.fallback, status);
  }
}

/** `2025-03-31` as 2025/3/31 (the spec's date format); other text as it is. */
function japaneseDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[1]}/${Number(m[2])}/${Number(m[3])}` : value;
}

/** Japanese message for one server rule string such as `required` or `min:8`. */
export function ruleMessage(rule: string): string {
  // The argument may itself hold a colon (a registered name), so only the first one splits.
  const cut = rule.indexOf(':');
  const name = cut < 0 ? rule : rule.slice(0, cut);
  const arg = cut < 0 ? '' : rule.slice(cut + 1);
  switch (name) {
    case 'required':
    case 'required_if':
      return '必須項目です';
    case 'min':
      return `${arg}文字以上で入力してください`;
    case 'max':
      return `${arg}文字以内で入力してください`;
    case 'numeric':
      return '半角数字で入力してください';
    case 'percent':
      return '0〜100の数値で入力してください（小数は第2位まで）';
    case 'unique':
      return 'すでに登録されています';
    case 'email':
      return '@を含むメールアドレスを入力してください';
    case 'exists':
      return '入力内容が正しくありません';
    case 'accepted':
      return '同意する場合は選択してください';
    case 'digits':
      return `${arg}桁の半角数字で入力してください`;
    case 'katakana':
      return '全角カタカナで入力してください';
    case 'invoice_number':
      return '登録番号は「T」と13桁の数字で入力してください';
    case 'invoice_check_digit':
      return '登録番号が正しくありません。番号をご確認ください';
    case 'invoice_not_found':
      return 'この登録番号は適格請求書発行事業者として登録されていません';
    case 'invoice_expired':
      return `この登録番号は失効しています（失効日: ${japaneseDate(arg)}）`;
    case 'invoice_cancelled':
      return `この登録番号は登録が取り消されています（取消日: ${japaneseDate(arg)}）`;
    case 'digits_between':
      return '桁数を確認してください';
    case 'jwt':
      return MESSAGES.jwt;
    case 'name_not_same':
      return arg ? `氏名または名称が登録内容（${arg}）と異なります` : '氏名または名称が登録内容と異なります';
    case 'country_not_same':
      return arg ? `居住国が登録内容（${arg}）と異なります` : '居住国が登録内容と異なります';
    case 'kind_not_same':
      return arg ? `個人・法人の区分が登録内容（${arg}）と異なります` : '個人・法人の区分が登録内容と異なります';
    case 'date':
      return '日時を正しく入力してください';
    case 'date_format':
      return '日付を正しく入力してください';
    case 'url':
      return 'URLを正しく入力してください';
    case 'in':
      return '選択肢から選んでください';
    case 'transition':
      return '現在の状態からは変更できません';
    default:
      return '入力内容を確認してください';
  }
}

/** Server rules as a field → messages list for forms. */
export function formErrors(rules: Rules): Record<string, string[]> {
  return Object.fromEntries(Object.entries(rules).map(([field, list]) => [field, list.map(ruleMessage)]));
}

/**
 * Every message a failure carries, for an alert: the message itself, then one line per rule
 * (`describe` may word a rule for its screen, e.g. a status move with the status labels).
 */
export function errorLines(error: AppError, describe: (field: string, rule: string) => string = (_, rule) => ruleMessage(rule)): string[] {
  if (!(error instanceof ValidationError)) return [error.message];
  const lines = Object.entries(error.rules).flatMap(([field, list]) => list.map((rule) => describe(field, rule)));
  return [error.message, ...new Set(lines)];
}

/** Prefixes each rule line with the field's Japanese label (fields without one stay bare). */
export const describeWithLabels =
  (labels: Record<string, string>, describe: (field: string, rule: string) => string = (_, rule) => ruleMessage(rule)) =>
  (field: string, rule: string): string =>
    labels[field] ? `${labels[field]}: ${describe(field, rule)}` : describe(field, rule);
