import { Services } from '../services';
import { AuthoringChecks } from './authoringChecks';
import { SpecCodeActionProvider } from './specCodeActionProvider';
import { SpecCompletionProvider } from './specCompletionProvider';
import { SpecHoverProvider } from './specHoverProvider';
import { GeneratorDefinitionProvider, SpecLinkProvider, SpecSymbolProvider } from './specNavigationProviders';

/** Completion, hovers, quick fixes, outline, links, definitions and the extra checks of spec files. */
export function registerAuthoring(services: Services): void {
  AuthoringChecks.register(services);
  SpecCompletionProvider.register(services);
  SpecHoverProvider.register(services);
  SpecCodeActionProvider.register(services);
  SpecSymbolProvider.register(services);
  SpecLinkProvider.register(services);
  GeneratorDefinitionProvider.register(services);
}
