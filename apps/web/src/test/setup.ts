import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';

// Whole-app tests load lazy screens on first use; give them time on a busy machine.
// (The first render transforms the whole shell: over 5 s once while the API suites shared the 2 cores.)
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});
