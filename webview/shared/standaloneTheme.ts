/**
 * In a standalone file no editor sets the theme's class on the body (vscode-light, vscode-dark,
 * vscode-high-contrast, vscode-high-contrast-light), which the view's styles read: it follows the reader's
 * colour scheme and contrast preference instead, as the theme variables of the file do.
 */
const THEME_CLASSES = ['vscode-light', 'vscode-dark', 'vscode-high-contrast', 'vscode-high-contrast-light'] as const;

type MatchMedia = (query: string) => { matches: boolean; addEventListener(type: 'change', listener: () => void): void };

export function themeClass(dark: boolean, moreContrast: boolean): (typeof THEME_CLASSES)[number] {
  if (moreContrast) return dark ? 'vscode-high-contrast' : 'vscode-high-contrast-light';
  return dark ? 'vscode-dark' : 'vscode-light';
}

/** Sets the body's theme class now and whenever the reader's preferences change. */
export function followReaderTheme(body: { classList: { remove(...names: string[]): void; add(name: string): void } }, matchMedia: MatchMedia): void {
  const dark = matchMedia('(prefers-color-scheme: dark)');
  const contrast = matchMedia('(prefers-contrast: more)');
  const apply = (): void => {
    body.classList.remove(...THEME_CLASSES);
    body.classList.add(themeClass(dark.matches, contrast.matches));
  };
  apply();
  dark.addEventListener('change', apply);
  contrast.addEventListener('change', apply);
}
