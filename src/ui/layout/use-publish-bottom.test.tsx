import { render } from '@testing-library/react';
import { useRef } from 'react';
import { usePublishBottom } from './use-publish-bottom';

function Bar() {
  const ref = useRef<HTMLElement>(null);
  usePublishBottom(ref, 'cti-bar-bottom');
  return <section ref={ref} data-testid="bar" />;
}

describe('usePublishBottom', () => {
  it('publishes where the element ends, follows a resize, and is removed with the element', () => {
    let bottom = 82.4;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ bottom }) as DOMRect);
    const view = render(<Bar />);
    const value = () => document.documentElement.style.getPropertyValue('--cti-bar-bottom');
    expect(value()).toBe('82px');
    bottom = 116;
    window.dispatchEvent(new Event('resize'));
    expect(value()).toBe('116px');
    view.unmount();
    expect(value()).toBe('');
    vi.restoreAllMocks();
  });
});
