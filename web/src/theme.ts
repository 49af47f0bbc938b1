import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
  badgeRecipe,
  buttonRecipe,
  codeRecipe,
  containerRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  linkRecipe,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  textareaRecipe,
  alertSlotRecipe,
  cardSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  toastSlotRecipe,
  tooltipSlotRecipe,
  avatarSlotRecipe,
  checkboxSlotRecipe,
  switchSlotRecipe,
  popoverSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra's colour palettes that nothing of ours uses: Chakra's own statuses (alerts, toasts) use red,
 * orange, green, blue and gray, and so do our badges. Every token becomes a CSS variable when the
 * system is built, before the first render, so the palettes we leave out make that shorter.
 */
const unusedPalettes = new Set(['yellow', 'teal', 'cyan', 'purple', 'pink']);

/** `colors` without the unused palettes. */
function usedPalettes<T extends object>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !unusedPalettes.has(name))) as T;
}

/**
 * Our Chakra system with only the recipes we use (the default system ships every recipe and
 * doubles the bundle). A Chakra component whose recipe is missing here renders unstyled:
 * add its recipe when you start using one.
 */
const config = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    html: { colorPalette: 'green', scrollBehavior: 'smooth' },
    body: { bg: 'bg', color: 'fg' },
    // No exit animation on overlays (dialogs, drawers, menus, popovers, selects). Zag's presence keeps a
    // closing element mounted until its exit animation's animationend, but it only starts listening for
    // that animation in the next animation frame; a long task right after closing (a busy phone, a
    // re-render with a refetch) lets the animation end first, and the closed dialog then stayed on screen
    // for good (data-state=closed, over the page). Without an exit animation it unmounts at once; opening
    // still animates.
    '[data-scope=dialog][data-state=closed], [data-scope=menu][data-state=closed], [data-scope=popover][data-state=closed], [data-scope=select][data-state=closed]':
      { animationName: 'none !important' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      ...tokens,
      colors: usedPalettes(tokens.colors),
      fonts: {
        heading: { value: 'Georgia, "Times New Roman", serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
    },
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...usedPalettes(semanticTokens.colors),
        // Solid green buttons carry white text: green.700 keeps it above the WCAG AA contrast ratio.
        green: {
          ...semanticTokens.colors.green,
          solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } },
          fg: { value: { _light: '{colors.green.800}', _dark: '{colors.green.300}' } },
        },
        // Solid red buttons (cancel, refund) carry white text too: red.700 keeps it above AA.
        red: { ...semanticTokens.colors.red, solid: { value: { _light: '{colors.red.700}', _dark: '{colors.red.700}' } } },
      },
    },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

/** Builds our Chakra system (every token becomes a CSS variable: a long task, main.tsx gives it its own). */
export function createAppSystem() {
  // createSystem merges its configs itself: merging them beforehand would clone every token twice.
  return createSystem(defaultBaseConfig, config);
}

/** A monospace stack for ids and raw event data (the theme names no mono font). */
export const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
