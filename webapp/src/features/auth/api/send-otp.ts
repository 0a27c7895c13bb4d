import type { SendOtpRequest } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../lib/services/services-context';

export function useSendOtp() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: SendOtpRequest) => api.call('sendOtp', { body }),
  });
}
