import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { sessionMessages } from '@assoc/domain';
import { onUnauthorized } from '../api';

const MODAL_ID = 'session-lost';

/**
 * The global "session lost" action (spec 1 §4): the first 401 of any call opens one popup (never
 * stacked); OK clears every cached answer and goes to /login, which brings the user back afterwards.
 */
export function SessionLostHandler() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const open = useRef(false);
  const currentLocation = useRef(location);
  useEffect(() => {
    currentLocation.current = location;
  }, [location]);

  useEffect(() => {
    const confirm = () => {
      modals.close(MODAL_ID);
      open.current = false;
      queryClient.clear();
      const from = currentLocation.current;
      const fromPrivatePage = from.pathname !== '/login';
      void navigate('/login', { replace: true, state: fromPrivatePage ? { from } : undefined });
    };

    return onUnauthorized(() => {
      if (open.current) return;
      open.current = true;
      void queryClient.cancelQueries();
      modals.open({
        modalId: MODAL_ID,
        title: 'Sessão expirada',
        withCloseButton: false,
        closeOnClickOutside: false,
        closeOnEscape: false,
        children: (
          <Stack>
            <Text>{sessionMessages.sessionLost}</Text>
            <Group justify="flex-end">
              <Button onClick={confirm} data-autofocus>
                OK
              </Button>
            </Group>
          </Stack>
        ),
      });
    });
  }, [navigate, queryClient]);

  return null;
}
