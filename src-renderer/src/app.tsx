/** Placeholder window until the desktop-app issue builds the screens. */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
      <h1>Engage Desk</h1>
      <p>The embedded Healthcare Engagement Service is running on this computer.</p>
    </main>
  );
}
