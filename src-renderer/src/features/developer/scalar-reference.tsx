import { useEffect, useMemo, useRef } from 'react';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import type { OpenApiDocument } from '../../../../src-preload/contract';
import type { AppLanguage } from '../../i18n/messages';
import { scalarCatalan } from './scalar-catalan';

/**
 * Scalar's "Show more" button under a tag is named "Show all {name} endpoints": a name that does
 * not contain the text on the button, which voice control users say (WCAG 2.5.3). The name is
 * made to begin with that text; scalar-catalan.ts does the same in Catalan.
 */
const LABEL_IN_NAME = {
  es: { navigation: { showAllEndpoints: 'Mostrar más: todos los endpoints de {name}' } },
  en: { navigation: { showAllEndpoints: 'Show more: all {name} endpoints' } },
};

/**
 * The bundled Scalar API reference (loaded on demand: it is most of the window's code). Everything
 * that would reach the network is off: no CDN fonts, no telemetry, no "try it" client (the window
 * may not connect anywhere but itself), no MCP or AI-agent buttons, no document download. Its
 * section links live under the window's own hash route (#/developer/…), so scrolling through
 * the reference never takes the window to another screen.
 */
export default function ScalarReference(props: {
  document: OpenApiDocument;
  baseUrl: string;
  language: AppLanguage;
}) {
  const { document, baseUrl, language } = props;
  const configuration = useMemo(
    () => ({
      content: document,
      servers: [{ url: baseUrl }],
      pathRouting: { basePath: '#/developer' },
      layout: 'modern' as const,
      theme: 'default' as const,
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      hideTestRequestButton: true,
      hideDarkModeToggle: true,
      forceDarkModeState: 'light' as const,
      documentDownloadType: 'none' as const,
      showDeveloperTools: 'never' as const,
      mcp: { disabled: true },
      agent: { disabled: true },
      persistAuth: false,
      // Scalar ships Spanish and English; Catalan is ours (scalar-catalan.ts).
      localization:
        language === 'ca'
          ? { locale: 'ca', translations: scalarCatalan }
          : { locale: language, translations: LABEL_IN_NAME[language] },
    }),
    [document, baseUrl, language],
  );
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    // Scalar draws its content in a <main>, inside the window's own <main>: two main landmarks,
    // one nested. Scalar has no option for it, so its element is made a named region (it keeps
    // its aria-label), once Scalar has drawn it and whenever it draws it again.
    const demote = () => {
      for (const main of root.querySelectorAll('main:not([role])'))
        main.setAttribute('role', 'region');
    };
    demote();
    const observer = new MutationObserver(demote);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box}>
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
