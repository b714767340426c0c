export function LoadingFallback() {
  return (
    <p className="loading" role="status">
      Cargando...
    </p>
  );
}
