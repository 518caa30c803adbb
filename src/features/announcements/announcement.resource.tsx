import { Icon, Intent, Tag } from '@blueprintjs/core';
import { ANNOUNCEMENT_CONTENT_MAX, announcementContract, PLATFORM_AUDIENCES, type Announcement } from '../../api/contracts/announcement.contract';
import { useAnnouncementCompanies } from '../../api/resources/announcement-api';
import { getUserInfo } from '../../api/storage';
import { formatDateTime } from '../../i18n/dates';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { useUserInfo } from '../../shell/session/session-selectors';
import { CheckboxList } from '../../ui/resource/fields/checkboxes-field';
import { OptionSelect } from '../../ui/resource/fields/option-select';
import { defineResourceView, type FieldProps } from '../../ui/resource/resource-view';

/**
 * How announcements are shown (docs/announcements.md): the generic list, form and record from the
 * contract, plus what they add: pinned and unread marks, who an announcement is for, and the admin's
 * choice of audience (a manager's are always the company's, so a manager never sees that field).
 */

const AUDIENCE_LABELS: Record<Announcement['audience'], MessageId> = {
  company: 'announcement.audience.company',
  all: 'announcement.audience.all',
  companies: 'announcement.audience.companies',
};

/** Pinned, and not yet opened by the reader. */
export function AnnouncementMarks({ record }: { record: Announcement }) {
  const t = useT();
  return (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
      {record.pinned && <Icon icon="pin" title={t('announcement.pinned')} aria-label={t('announcement.pinned')} data-testid={`announcement-pinned-${record.id}`} />}
      {!record.read && (
        <Tag minimal intent={Intent.PRIMARY} data-testid={`announcement-unread-${record.id}`}>
          {t('announcement.unread')}
        </Tag>
      )}
    </span>
  );
}

function AudienceLabel({ record }: { record: Announcement }) {
  const t = useT();
  const text = t(AUDIENCE_LABELS[record.audience]);
  return <>{record.platform ? t('announcement.from_platform', { audience: text }) : text}</>;
}

function Title({ record }: { record: Announcement }) {
  return <span style={record.read ? undefined : { fontWeight: 600 }}>{record.title}</span>;
}

/** Plain text with its line breaks; never HTML. */
export function AnnouncementContent({ content }: { content: string }) {
  return (
    <div data-testid="announcement-content" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {content}
    </div>
  );
}

/** The admin's audience: all companies or chosen ones. Nothing for a manager. */
function AudienceField(props: FieldProps) {
  const t = useT();
  const userInfo = useUserInfo();
  if (userInfo?.role !== 'admin') return null;
  const options = PLATFORM_AUDIENCES.map((value) => ({ value, label: t(AUDIENCE_LABELS[value]) }));
  return <OptionSelect {...props} labelId="announcement.field.audience" required noBlank options={options} />;
}

/** The admin's chosen companies, when the audience is `companies`. */
function CompaniesField(props: FieldProps) {
  const userInfo = useUserInfo();
  const admin = userInfo?.role === 'admin';
  const { data } = useAnnouncementCompanies(admin);
  if (!admin || props.values.audience !== 'companies') return null;
  const options = (data ?? []).map((company) => ({ value: String(company.id), label: company.name }));
  return <CheckboxList {...props} labelId="announcement.field.company_ids" options={options} scroll fromOptions={(values) => values.map(Number)} />;
}

export const announcementView = defineResourceView({
  contract: announcementContract,
  nounId: 'announcement.noun',
  columns: [
    { key: 'marks', labelId: 'announcement.field.marks', render: (record) => <AnnouncementMarks record={record} /> },
    { key: 'title', labelId: 'announcement.field.title', sortField: 'title', render: (record) => <Title record={record} /> },
    { key: 'published_at', labelId: 'announcement.field.published_at', sortField: 'published_at', render: (record) => formatDateTime(record.published_at) },
    { key: 'audience', labelId: 'announcement.field.audience', render: (record) => <AudienceLabel record={record} /> },
  ],
  details: [
    { key: 'title', labelId: 'announcement.field.title' },
    { key: 'published_at', labelId: 'announcement.field.published_at', render: (record) => formatDateTime(record.published_at) },
    { key: 'audience', labelId: 'announcement.field.audience', render: (record) => <AudienceLabel record={record} /> },
    { key: 'content', labelId: 'announcement.field.content', render: (record) => <AnnouncementContent content={record.content} /> },
  ],
  fields: [
    { kind: 'text', name: 'title', labelId: 'announcement.field.title', required: true },
    { kind: 'textarea', name: 'content', labelId: 'announcement.field.content', required: true, max: ANNOUNCEMENT_CONTENT_MAX },
    { kind: 'custom', name: 'audience', labelId: 'announcement.field.audience', render: (props) => <AudienceField {...props} /> },
    { kind: 'custom', name: 'company_ids', labelId: 'announcement.field.company_ids', render: (props) => <CompaniesField {...props} /> },
    { kind: 'datetime', name: 'published_at', labelId: 'announcement.field.published_at' },
    { kind: 'switch', name: 'pinned', labelId: 'announcement.field.pinned' },
  ],
  searchFieldIds: ['announcement.field.title', 'announcement.field.content'],
  emptyValues: () => ({
    title: '',
    content: '',
    audience: getUserInfo()?.role === 'admin' ? 'all' : 'company',
    company_ids: [],
    published_at: null,
    pinned: false,
  }),
  toFormValues: (record) => ({
    title: record.title,
    content: record.content,
    audience: record.audience,
    company_ids: record.company_ids,
    published_at: record.published_at,
    pinned: record.pinned,
  }),
  describe: (record) => record.title,
});
