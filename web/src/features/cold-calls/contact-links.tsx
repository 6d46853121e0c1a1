import { IconButton, Stack, Tooltip } from '@mui/material';
import CallRoundedIcon from '@mui/icons-material/CallRounded';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { telHref, whatsappHref } from './cold-calls.logic';

/** Tap-to-call and WhatsApp for a client's phone (nothing without a phone). */
export function ContactLinks({ phone, name }: { phone: string | null | undefined; name: string }) {
  const tel = telHref(phone);
  const whatsapp = whatsappHref(phone);
  if (!tel || !whatsapp) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title="Ligar">
        <IconButton component="a" href={tel} color="primary" aria-label={`Ligar a ${name}`}>
          <CallRoundedIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title="WhatsApp">
        <IconButton
          component="a"
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ color: '#25D366' }}
          aria-label={`WhatsApp de ${name}`}
        >
          <WhatsAppIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
