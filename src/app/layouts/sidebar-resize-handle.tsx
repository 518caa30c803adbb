import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { Colors } from '@blueprintjs/core';
import { clampSidebarWidth, SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH, SIDEBAR_RESIZE_STEP } from './sidebar-width';
import { useT } from '../../i18n/use-t';

export interface SidebarResizeHandleProps {
  width: number;
  /** Called while dragging, for live feedback. */
  onResize: (width: number) => void;
  /** Called once the drag or key press is over: the moment to persist. */
  onResizeEnd: (width: number) => void;
}

/** A vertical separator that resizes the sidebar by dragging or with the arrow keys. */
export function SidebarResizeHandle({ width, onResize, onResizeEnd }: SidebarResizeHandleProps) {
  const t = useT();
  const drag = useRef<{ startX: number; startWidth: number; latest: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width, latest: width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current.latest = clampSidebarWidth(drag.current.startWidth + event.clientX - drag.current.startX);
    onResize(drag.current.latest);
  };
  const onPointerUp = () => {
    if (drag.current) onResizeEnd(drag.current.latest);
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = event.key === 'ArrowRight' ? SIDEBAR_RESIZE_STEP : event.key === 'ArrowLeft' ? -SIDEBAR_RESIZE_STEP : 0;
    if (!delta) return;
    event.preventDefault();
    const next = clampSidebarWidth(width + delta);
    onResize(next);
    onResizeEnd(next);
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('shell.resize_menu')}
      aria-valuenow={width}
      aria-valuemin={SIDEBAR_MIN_WIDTH}
      aria-valuemax={SIDEBAR_MAX_WIDTH}
      tabIndex={0}
      data-testid="sidebar-resize"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      style={{ width: 6, cursor: 'col-resize', flexShrink: 0, borderRight: `1px solid ${Colors.GRAY4}` }}
    />
  );
}
