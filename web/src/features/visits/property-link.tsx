import { Link } from '@mui/material';
import { useRouter } from '@tanstack/react-router';

/** The property page of issue 20 (its route is declared by the properties screens). */
export const propertyPath = (id: string) => `/imoveis/${id}`;

/**
 * A property's reference as a link to its page: navigates in the app (no page load) by path, so it does
 * not depend on how the property route is typed.
 */
export function PropertyLink({ id, children }: { id: string; children: React.ReactNode }) {
  const router = useRouter();
  const href = propertyPath(id);
  return (
    <Link
      href={href}
      data-testid="visit-property-link"
      sx={{ fontWeight: 600 }}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        router.history.push(href);
      }}
    >
      {children}
    </Link>
  );
}
