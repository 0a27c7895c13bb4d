import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AuthActions, AuthState } from '../auth/auth-store';
import type { CartActions, CartState } from '../cart/cart-store';
import type { OneClickState } from '../cart/one-click-store';
import type { PwaState } from '../pwa/pwa-store';
import type { ToastState } from '../toast/toast-store';
import type { AppServices } from './services';

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesProvider>');
  return services;
}

export function useApi() {
  return useServices().api;
}

export function useAuth<T>(selector: (state: AuthState & AuthActions) => T): T {
  return useStore(useServices().auth, selector);
}

export function useCart<T>(selector: (state: CartState & CartActions) => T): T {
  return useStore(useServices().cart, selector);
}

export function useOneClick<T>(selector: (state: OneClickState) => T): T {
  return useStore(useServices().oneClick, selector);
}

export function usePwa<T>(selector: (state: PwaState) => T): T {
  return useStore(useServices().pwa, selector);
}

export function useToasts<T>(selector: (state: ToastState) => T): T {
  return useStore(useServices().toasts, selector);
}
