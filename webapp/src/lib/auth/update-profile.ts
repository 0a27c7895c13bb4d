import type { ProfileUpdate, User } from '@shop/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { AuthStore } from './auth-store';
import { useServices } from '../services/services-context';

// Shared by the account page (editing the profile) and checkout (an order fills an empty name),
// hence in lib rather than a feature.
export function updateProfileMutationOptions(api: ApiClient, auth: AuthStore) {
  return mutationOptions({
    mutationKey: ['updateProfile'],
    mutationFn: (body: ProfileUpdate) => api.call('updateProfile', { body }),
    // Here rather than per call: checkout leaves the page as soon as the order is placed, and
    // callbacks passed to mutate() die with the page, while these run with the mutation.
    onSuccess: (user: User) => {
      auth.getState().setUser(user);
    },
  });
}

export function useUpdateProfile() {
  const { api, auth } = useServices();
  return useMutation(updateProfileMutationOptions(api, auth));
}
