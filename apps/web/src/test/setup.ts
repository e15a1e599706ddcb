import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { rememberXsrfToken } from '../app/api';
import { sessionMarks } from '../modules/ui/crud/sessionMarks';
import { assertRepliesFollowedContracts } from './api-mock';

// Whole-app tests load lazy screens on first use; give them time on a busy machine.
// (The first render transforms the whole shell: over 5 s once while the API suites shared the 2 cores.)
configure({ asyncUtilTimeout: 15_000 });

// The web project runs files with isolate: false (one module cache per worker), so everything a file
// may leave in module state is reset here, after every test.
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  rememberXsrfToken('');
  sessionMarks.clear();
  assertRepliesFollowedContracts();
});
