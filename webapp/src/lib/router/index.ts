export { browserHistory, type Location, type NavigationAction } from './history';
export { Router, type NavigateOptions, type Outcome, type Resolve } from './router';
export {
  isRouteErrorResponse,
  Link,
  Navigate,
  NavLink,
  Outlet,
  RouteErrorBoundary,
  RouteErrorResponse,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
  withOutlet,
  withParams,
  withRouteError,
} from './components';
