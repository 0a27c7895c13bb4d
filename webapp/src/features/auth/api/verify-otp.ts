import type { VerifyOtpRequest } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { useApi, useServices } from '../../../lib/services/services-context';

/** Verifies the code, then runs the spec's sign-in transition (token, user, save, event). */
export function useVerifyOtp() {
  const api = useApi();
  const { auth } = useServices();
  return useMutation({
    mutationFn: async (body: VerifyOtpRequest) => {
      const answer = await api.call('verifyOtp', { body });
      await auth.getState().signIn(answer.access_token, answer.user);
      return answer;
    },
  });
}
