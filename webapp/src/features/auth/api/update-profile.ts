import type { ProfileUpdate } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { useApi, useServices } from '../../../lib/services/services-context';

export function useUpdateProfile() {
  const api = useApi();
  const { auth } = useServices();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => api.call('updateProfile', { body }),
    onSuccess: (user) => {
      auth.getState().setUser(user);
    },
  });
}
