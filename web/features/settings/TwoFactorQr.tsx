import { encode } from 'uqr';

/**
 * The otpauth:// address as a QR code for an authenticator app: black on white in both themes
 * (apps read dark modules on a light ground), drawn as one SVG path. Loaded only when
 * someone turns two-factor on, so the encoder stays off every other page's load.
 */
export default function TwoFactorQr({ uri }: { uri: string }) {
  const { data, size } = encode(uri, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label="QR code for your authenticator app" className="size-48 rounded-md bg-white" shapeRendering="crispEdges" data-testid="two-factor-qr">
      <path d={path} fill="#000" />
    </svg>
  );
}
