/** Lower case without accents: "configuracion" finds "Configuración", "envios" "Envíos". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Every word typed appears in `label`, in any order (nothing typed matches everything). */
export function matchesText(label: string, search: string): boolean {
  const folded = foldText(label);
  return foldText(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => folded.includes(word));
}
