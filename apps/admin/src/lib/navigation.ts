type Navigate = (to: string) => Promise<void> | void;

let navigate: Navigate = (to) => {
  window.location.assign(to);
};

/** The router registers itself here, so code outside React (the api client) can change screens. */
export function setNavigator(next: Navigate): void {
  navigate = next;
}

export function navigateTo(to: string): Promise<void> {
  return Promise.resolve(navigate(to));
}
