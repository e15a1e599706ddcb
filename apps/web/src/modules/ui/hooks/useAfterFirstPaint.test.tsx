import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstPaint } from './useAfterFirstPaint';

function Screen() {
  const rest = useAfterFirstPaint();
  return (
    <>
      <p>topo</p>
      {rest ? <p>resto</p> : null}
    </>
  );
}

describe('useAfterFirstPaint', () => {
  it('renders the top first and the rest after the first paint', async () => {
    render(<Screen />);
    expect(screen.getByText('topo')).toBeInTheDocument();
    expect(screen.queryByText('resto')).toBeNull();
    expect(await screen.findByText('resto')).toBeInTheDocument();
  });
});
