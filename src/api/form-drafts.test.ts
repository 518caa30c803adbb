import { DRAFT_MAX_AGE_MS, decodeDraft, draftKey, encodeDraft, isDraftKey, readDraft, removeAllDrafts, writeDraft } from './form-drafts';

const NOW = Date.UTC(2025, 2, 1, 1, 0, 0);
const values = { title: '배송 문의', custom_fields: { visit_date: '2025-03-02' } };

describe('form drafts', () => {
  it('name one draft per kind and id, and tell drafts from the session keys', () => {
    expect(draftKey('consultation', '1700.1')).toBe('consultationDraft:1700.1');
    expect(isDraftKey('consultationDraft:1700.1')).toBe(true);
    for (const key of ['token', 'refreshToken', 'userInfo', 'language', 'theme', 'identity', 'extension', 'phoneNumber', 'verticalNavMenuWidth']) {
      expect(isDraftKey(key)).toBe(false);
    }
  });

  it('read back what was written, until they are 24 hours old', () => {
    const raw = encodeDraft({ savedAt: NOW, recordId: 10, values });
    expect(decodeDraft(raw, NOW + DRAFT_MAX_AGE_MS)).toEqual({ savedAt: NOW, recordId: 10, values });
    expect(decodeDraft(raw, NOW + DRAFT_MAX_AGE_MS + 1)).toBeNull();
  });

  it('read anything else as no draft', () => {
    expect(decodeDraft(null, NOW)).toBeNull();
    expect(decodeDraft('{not json', NOW)).toBeNull();
    expect(decodeDraft(JSON.stringify({ values }), NOW)).toBeNull();
  });

  it('are written only while signed in', () => {
    writeDraft('consultationDraft:1', values, null, NOW);
    expect(localStorage.getItem('consultationDraft:1')).toBeNull();
    localStorage.setItem('token', 't');
    writeDraft('consultationDraft:1', values, null, NOW);
    expect(readDraft('consultationDraft:1', NOW)).toEqual({ savedAt: NOW, recordId: null, values });
  });

  it('remove expired and unreadable drafts when one is read', () => {
    localStorage.setItem('token', 't');
    writeDraft('consultationDraft:old', values, null, NOW - DRAFT_MAX_AGE_MS - 1);
    writeDraft('consultationDraft:new', values, null, NOW);
    localStorage.setItem('consultationDraft:bad', '{not json');
    expect(readDraft('consultationDraft:old', NOW)).toBeNull();
    expect(localStorage.getItem('consultationDraft:old')).toBeNull();
    expect(localStorage.getItem('consultationDraft:bad')).toBeNull();
    expect(localStorage.getItem('consultationDraft:new')).not.toBeNull();
  });

  it('are all removed at once, and nothing else is', () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('language', 'kr');
    writeDraft('consultationDraft:1', values, null, NOW);
    writeDraft('consultationDraft:2', values, 10, NOW);
    removeAllDrafts();
    expect(Object.keys(localStorage).sort()).toEqual(['language', 'token']);
  });
});
