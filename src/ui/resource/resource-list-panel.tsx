import { Button, Intent } from '@blueprintjs/core';
import { useEffect, useId, useState } from 'react';
import type { PermissionSubject } from '../../api/permissions/check';
import { exportPurpose } from '../../api/contracts/download.contract';
import { userContract } from '../../api/contracts/user.contract';
import { allows, canDo } from '../../api/resources/resource-access';
import { resourcePaths, type AnyResourceContract, type ListQuery, type RecordOf } from '../../api/resources/resource-contract';
import { useResourcePage } from '../../api/resources/use-resource';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { showToast } from '../feedback/toaster';
import { ExportButton } from '../import/export-button';
import { useColumnSettings } from './column-settings-store';
import { useCompanyColumns } from './use-company-columns';
import { DirectoryAccessContext } from './directory-access';
import { ColumnSettingsMenu } from './column-settings-menu';
import { ListStates, listErrorShown } from './list-states';
import { PaginationBar } from './pagination-bar';
import { ResourceDeleteDialog } from './resource-delete-dialog';
import { ResourceDetailDialog } from './resource-detail-dialog';
import { ResourceFormDialog } from './resource-form-dialog';
import { ResourceTable } from './resource-table';
import { ResourceToolbar } from './resource-toolbar';
import { useListQuery } from './use-list-query';
import type { FormValues, ResourceColumn, ResourceView, RowAction } from './resource-view';

/** Who may read the company's user directory (`users/extensions`): whoever may read its users. */
const USER_DIRECTORY = userContract.access.read;

export interface ResourceListPanelProps<C extends AnyResourceContract> {
  view: ResourceView<C>;
  /** Who is looking: buttons for operations the contract does not allow them are not shown. */
  subject: PermissionSubject | null;
  /** Lists from another route of the entity, e.g. `member/company/{name}`. @default `<path>/list` */
  listPath?: string;
  initialQuery?: Partial<ListQuery<C>>;
  /** Replaces the add dialog (e.g. a screen that opens the add pop-up instead). */
  onAdd?: () => void;
  /** Replace the view and edit dialogs, e.g. with the entity's view and edit pop-ups. */
  onView?: (record: RecordOf<C>) => void;
  onEdit?: (record: RecordOf<C>) => void;
  /** Values the add form starts with (e.g. the company name of a company's member list). */
  addValues?: FormValues;
  /**
   * Why an action (by key: `edit`, `delete` or a slot's) cannot be used on one row although the
   * subject's role allows it, e.g. deleting one's own account; that button is disabled with the reason
   * as its tooltip. The server still refuses on its own.
   */
  actionRefusal?: (record: RecordOf<C>, actionKey: string) => MessageId | undefined;
}

/**
 * The list screen of any resource, derived from its definition: toolbar (search, filters, column
 * settings, add), the page of records with view/edit/delete, pagination, and the add/edit, view and
 * delete dialogs. Entities customise it through the definition's slots, never by copying it.
 */
export function ResourceListPanel<C extends AnyResourceContract>({ view, subject, listPath, initialQuery, onAdd, onView, onEdit, addValues, actionRefusal }: ResourceListPanelProps<C>) {
  const t = useT();
  const { contract } = view;
  // Where the list stood comes back after a reload of the tab: per route and list.
  const list = useListQuery<C>(initialQuery, `${window.location.pathname}|${listPath ?? contract.entity}`);
  const page = useResourcePage(contract, list.query, { ...(listPath ? { path: listPath } : {}), ...(view.refreshEveryMs ? { refreshEveryMs: view.refreshEveryMs } : {}) });
  // Lists of one entity with different custom tables (the call log and its detail pages) keep apart.
  const columns = useColumnSettings(view.customTable ?? contract.entity, view.columns, useCompanyColumns(view.customTable));
  const [editing, setEditing] = useState<{ record?: RecordOf<C> } | null>(null);
  // What the add form just stored, while the view's `slots.created` shows it (an API key's secret).
  const [created, setCreated] = useState<RecordOf<C> | null>(null);
  const [viewing, setViewing] = useState<RecordOf<C> | null>(null);
  const [deleting, setDeleting] = useState<RecordOf<C> | null>(null);
  // A failed query shows its error, never an earlier query's rows or pages (QA: a 422 kept the old page).
  const failed = listErrorShown(page);
  const shown = failed ? undefined : page.data;
  const records = shown?.data ?? [];
  // The search the server refused (longer than it takes): the box is marked and points at the reason.
  const rejectionId = useId();
  const searchRejected = failed?.status === 422 && Boolean(failed.fieldErrors.search);
  // A remembered page beyond the last one (records deleted since) goes to the last page instead.
  const lastPage = shown?.last_page;
  const { setPage } = list;
  useEffect(() => {
    if (lastPage && (list.query.page ?? 1) > lastPage) setPage(lastPage);
  }, [lastPage, list.query.page, setPage]);
  const query = list.query as ListQuery<C> & Record<string, unknown>;
  // The header marks the order the rows are in: the one asked for, else the contract's default (the
  // server's rule in list-query.ts), so a list sorted newest first says so before anyone clicks.
  const sort = query.sort_by
    ? { by: query.sort_by, order: query.sort_order ?? 'asc' }
    : { by: contract.defaultSort.sort_by as string, order: contract.defaultSort.sort_order };

  // What the search reads, when the definition says: "Search: Phone number, Memo".
  const searchPlaceholder =
    !view.searchPlaceholderId && view.searchFieldIds?.length
      ? t('entity.search_in', { fields: view.searchFieldIds.map((id) => t(id)).join(', ') })
      : t(view.searchPlaceholderId ?? 'resource.search_placeholder');

  const actions = (record: RecordOf<C>): RowAction<RecordOf<C>>[] =>
    [
      { key: 'view', labelId: 'resource.view', icon: 'eye-open', onClick: onView ?? setViewing } as const,
      ...(canDo(subject, contract, 'update') ? [{ key: 'edit', labelId: 'resource.edit', icon: 'edit', onClick: onEdit ?? ((r: RecordOf<C>) => setEditing({ record: r })) } as const] : []),
      ...(canDo(subject, contract, 'delete') ? [{ key: 'delete', labelId: view.deleteLabelId ?? 'resource.delete', icon: 'trash', onClick: setDeleting } as const] : []),
      ...(view.slots?.rowActions?.(record) ?? []),
    ].map((action) => {
      const disabledReasonId = actionRefusal?.(record, action.key);
      return disabledReasonId ? { ...action, disabledReasonId } : action;
    });

  // A focus scope: when a dialog closes and the row that opened it has gone, focus comes back to the
  // list's table (or search box, or the list itself) rather than to <body> (ui/focus/focus-return.ts).
  return (
    <DirectoryAccessContext.Provider value={allows(subject, USER_DIRECTORY)}>
      <div data-testid={`resource-list-${contract.entity}`} data-focus-scope="" data-focus-fallback="3" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        {view.slots?.above?.()}
        <ResourceToolbar
          searchable={contract.searchable}
          searchPlaceholder={searchPlaceholder}
          onSearch={list.setSearch}
          search={list.query.search}
          filters={view.filters ?? []}
          filterValues={query}
          onFilter={list.setFilter}
          searchErrorId={searchRejected ? rejectionId : undefined}
        >
          {view.slots?.toolbar?.({ query: list.query, subject })}
          {/* The contract's export (`GET <path>/export`): the list's search, filters and sort, every page. */}
          {contract.export && allows(subject, contract.export) && <ExportButton purpose={exportPurpose(contract)} path={resourcePaths(contract).export} query={list.query} />}
          <ColumnSettingsMenu
            ordered={columns.ordered as readonly ResourceColumn<unknown>[]}
            hidden={columns.hidden}
            onChange={columns.save}
            customised={columns.customised}
            onReset={columns.reset}
          />
          {canDo(subject, contract, 'create') && (
            <Button icon="add" intent={Intent.PRIMARY} data-testid="resource-add" text={t('resource.add_title', { noun: t(view.nounId) })} onClick={onAdd ?? (() => setEditing({}))} />
          )}
        </ResourceToolbar>
        <ListStates response={page} filtered={isFilteredByUser(query, view.filters ?? [], initialQuery)} rejectionId={rejectionId}>
          <ResourceTable columns={columns.visible} records={records} sortBy={sort.by} sortOrder={sort.order} onSort={(field) => list.toggleSort(field, sort)} actions={actions} />
        </ListStates>
        {shown && (
          <PaginationBar
            page={shown.current_page}
            lastPage={shown.last_page}
            perPage={shown.per_page}
            total={shown.total}
            onPage={list.setPage}
            onPageSize={list.setPageSize}
          />
        )}
        <ResourceFormDialog
          view={view}
          editing={editing}
          addValues={addValues}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            const added = editing !== null && editing.record === undefined;
            setEditing(null);
            if (added && view.slots?.created) setCreated(saved);
            else void showToast(t('resource.saved'));
          }}
        />
        {created !== null && view.slots?.created?.(created as RecordOf<C> & Record<string, unknown>, () => setCreated(null))}
        <ResourceDetailDialog view={view} record={viewing} onClose={() => setViewing(null)} />
        <ResourceDeleteDialog
          view={view}
          record={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            // The last record of a later page went: show the page before rather than an empty one.
            if (records.length === 1 && (list.query.page ?? 1) > 1) list.setPage((list.query.page ?? 2) - 1);
          }}
        />
      </div>
    </DirectoryAccessContext.Provider>
  );
}

/**
 * A search, or a filter the user set: an empty page then says nothing matches. The screen's own starting
 * filter (the callback list's "open") is not one the user applied; an empty page there is just empty.
 */
function isFilteredByUser(query: Record<string, unknown>, filters: readonly { name: string }[], initialQuery: object | undefined): boolean {
  const initial = (initialQuery ?? {}) as Record<string, unknown>;
  return Boolean(query.search) || filters.some((f) => query[f.name] !== undefined && query[f.name] !== initial[f.name]);
}
