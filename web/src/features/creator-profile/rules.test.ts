import { mapServerRules } from '@/lib/forms';
import { attributeField, jobsField, portfolioField, possibleWorkField, skillField } from './rules';

describe('server 422 rules land on the form fields of spec section 5', () => {
  it('skills: the group and genreDetail.{id}', () => {
    expect(mapServerRules({ genre_groups: ['required'], 'genre_groups.3': ['exists'], 'genre_detail.2': ['max:1000'] }, skillField)).toEqual({
      fields: {
        genreGroups: '1つ以上選択してください',
        'group.3': '選択したジャンルを確認してください',
        'genreDetail.2': '1000文字以内で入力してください',
      },
      unmapped: [],
    });
  });

  it('attributes: children N → childrenTemp.N.*, language level N → languageLevels.{id}', () => {
    const mapped = mapServerRules(
      {
        'children0.birthday': ['date'],
        'children1.year': ['required'],
        'children1.month': ['between:1,12'],
        'children1.sex_type': ['in:male,female,other'],
        children: ['max:10'],
        language_level3: ['between:1,5'],
        languages: ['distinct'],
        'socials.2': ['url'],
        chatwork_id: ['alpha_dash'],
        available_time_slot: ['max:200'],
        annual_income_id: ['in:1,2'],
      },
      attributeField,
    );
    expect(mapped.fields).toEqual({
      'childrenTemp.0.birthday': '正しい日付を入力してください',
      'childrenTemp.1.year': '必須項目です',
      'childrenTemp.1.month': '正しい日付を入力してください',
      'childrenTemp.1.sexType': '選択肢から選んでください',
      'childrenTemp.root': '10件以内で入力してください',
      'languageLevels.3': 'レベルを選択してください',
      'socials.2': 'URLを正しく入力してください',
      chatworkId: '半角英数字と「_」「-」「.」で入力してください',
      availableTimeSlot: '200文字以内で入力してください',
      annualIncomeId: '選択肢から選んでください',
    });
    // No field shows a list-wide language rule: the alert does.
    expect(mapped.unmapped).toEqual(['入力内容を確認してください']);
  });

  it('possible works: checkedIds and work.{id}', () => {
    expect(mapServerRules({ checked_ids: ['required'], workimage_selection: ['max:500'] }, possibleWorkField).fields).toEqual({
      checkedIds: '1つ以上選択してください',
      'work.image_selection': '500文字以内で入力してください',
    });
    expect(mapServerRules({ checked_ids: ['in:writing'] }, possibleWorkField).fields).toEqual({ checkedIds: '選択肢から選んでください' });
  });

  it('portfolio: portfolio.portfolio and the files', () => {
    expect(mapServerRules({ 'portfolio.portfolio': ['max:2000'], portfolio_file_ids: ['max:10'] }, portfolioField).fields).toEqual({
      'portfolio.portfolio': '2000文字以内で入力してください',
      files: '10件以内で入力してください',
    });
    expect(mapServerRules({ portfolio_file_ids: ['exists'] }, portfolioField).fields.files).toBe('アップロードしたファイルを選び直してください');
  });

  it('jobs: qualification rows and the years', () => {
    expect(mapServerRules({ 'qualifications.1': ['max:100'], qualifications: ['max:20'], years_of_experience: ['numeric'], occupation: ['required'] }, jobsField).fields).toEqual({
      'qualifications.1.value': '100文字以内で入力してください',
      'qualifications.root': '20件以内で入力してください',
      yearsOfExperience: '半角数字で入力してください',
      occupation: '必須項目です',
    });
    expect(mapServerRules({ years_of_experience: ['between:0,80'] }, jobsField).fields.yearsOfExperience).toBe('0〜80の範囲で入力してください');
  });
});
