/**
 * The server's 422 fields of each form and the form fields that show them (spec section 5,
 * server error → field mapping): children N → childrenTemp.N.*, language level N →
 * languageLevels.{id}, possible works → checkedIds and each achievement → work.{id},
 * the portfolio text → portfolio.portfolio, skill errors → the group and genreDetail.{id}.
 */
import { toCamel } from '@/lib/case';
import { FORM_MESSAGES, type FieldMapping } from '@/lib/forms';

const ruleName = (rule: string): string => rule.split(':')[0];
const ruleArg = (rule: string): string => rule.split(':')[1] ?? '';

/** `required` on a list means nothing was chosen. */
const atLeastOne = (field: string, rule: string) => (ruleName(rule) === 'required' ? { field, message: FORM_MESSAGES.atLeastOne } : field);

/** `max:N` on a list counts items, not characters. */
const items = (field: string, rule: string) => (ruleName(rule) === 'max' ? { field, message: FORM_MESSAGES.maxItems(Number(ruleArg(rule))) } : field);

export const skillField: FieldMapping = (key, rule) => {
  if (key === 'genre_groups') return atLeastOne('genreGroups', rule);
  let m = /^genre_groups\.(\d+)$/.exec(key);
  if (m) return { field: `group.${m[1]}`, message: ruleName(rule) === 'exists' ? '選択したジャンルを確認してください' : undefined };
  m = /^genre_detail\.(\d+)$/.exec(key);
  if (m) return `genreDetail.${m[1]}`;
  return null;
};

export const portfolioField: FieldMapping = (key, rule) => {
  if (key === 'portfolio.portfolio' || key === 'portfolio.publishability') return key;
  if (key === 'portfolio_file_ids') {
    return ruleName(rule) === 'max' ? items('files', rule) : { field: 'files', message: 'アップロードしたファイルを選び直してください' };
  }
  return null;
};

export const possibleWorkField: FieldMapping = (key, rule) => {
  if (key === 'checked_ids') return atLeastOne('checkedIds', rule);
  const m = /^work([a-z_]+)$/.exec(key);
  if (m) return `work.${m[1]}`;
  return null;
};

export const jobsField: FieldMapping = (key, rule) => {
  if (key === 'occupation' || key === 'office_software') return toCamel(key);
  if (key === 'years_of_experience') {
    return ruleName(rule) === 'between' ? { field: 'yearsOfExperience', message: '0〜80の範囲で入力してください' } : 'yearsOfExperience';
  }
  if (key === 'qualifications') return items('qualifications.root', rule);
  const m = /^qualifications\.(\d+)$/.exec(key);
  if (m) return `qualifications.${m[1]}.value`;
  return null;
};

const ATTRIBUTE_FIELDS = ['available_time_slot', 'married_type', 'divorce_history_type', 'can_open_image_type', 'families_type', 'annual_income_id', 'household_income_id'];

export const attributeField: FieldMapping = (key, rule) => {
  if (ATTRIBUTE_FIELDS.includes(key)) return toCamel(key);
  if (key === 'chatwork_id') {
    return ruleName(rule) === 'alpha_dash' ? { field: 'chatworkId', message: '半角英数字と「_」「-」「.」で入力してください' } : 'chatworkId';
  }
  if (key === 'children') return items('childrenTemp.root', rule);
  let m = /^children(\d+)\.(year|month|sex_type|birthday)$/.exec(key);
  if (m) {
    const field = `childrenTemp.${m[1]}.${toCamel(m[2])}`;
    if (m[2] === 'birthday' || ruleName(rule) === 'between') return { field, message: FORM_MESSAGES.date };
    return field;
  }
  m = /^language_level(\d+)$/.exec(key);
  if (m) return { field: `languageLevels.${m[1]}`, message: 'レベルを選択してください' };
  m = /^socials\.(\d+)$/.exec(key);
  if (m) return `socials.${m[1]}`;
  return null;
};
