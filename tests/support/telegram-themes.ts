// The theme parameters the Telegram stand-in (telegram.ts) sends: Telegram's own light and dark
// (night) themes. Kept apart, free of imports, for the webapp's palette test to check the shop's
// colours against the same values the browser tests run with.

export const LIGHT_THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#707579',
  link_color: '#3390ec',
  button_color: '#3390ec',
  button_text_color: '#ffffff',
  secondary_bg_color: '#f4f4f5',
  header_bg_color: '#ffffff',
  accent_text_color: '#3390ec',
  section_bg_color: '#ffffff',
  section_header_text_color: '#3390ec',
  subtitle_text_color: '#707579',
  destructive_text_color: '#e53935',
};

export const DARK_THEME = {
  ...LIGHT_THEME,
  bg_color: '#212121',
  text_color: '#ffffff',
  hint_color: '#aaaaaa',
  secondary_bg_color: '#181818',
  header_bg_color: '#212121',
  section_bg_color: '#212121',
};
