import { AccountPage } from '../../features/auth/account-page';
import { SavedCardList } from '../../features/cards/saved-card-list';

/** The account page, with the cards feature's list of saved cards. */
export function AccountRoute() {
  return <AccountPage SavedCardList={SavedCardList} />;
}
