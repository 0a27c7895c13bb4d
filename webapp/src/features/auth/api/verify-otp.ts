import type { VerifyOtpRequest } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { useApi, useServices } from '../../../lib/services/services-context';

/** Verifies the code, then signs in: token, user, saved to storage, event. */
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
