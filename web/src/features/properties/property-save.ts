import type { Property } from '@casa/shared-schema';
import type { Mutators } from '../../data/mutators';
import {
  changedInput,
  formToPropertyInput,
  propertyToForm,
  type PropertyFormValues,
} from './property-form.logic';

type SaveMutators = Pick<Mutators, 'createProperty' | 'updateProperty'>;

/**
 * Create, or update with the changed fields only, through the shared mutators (the replica and the
 * outbox in one local transaction; the server runs the same mutator on push). Answers the property's id.
 * Throws MutationRejection (pt-PT message and field errors) like the mutators.
 */
export async function saveProperty(
  mutate: SaveMutators,
  values: PropertyFormValues,
  current?: Property,
): Promise<string> {
  if (!current) return (await mutate.createProperty(formToPropertyInput(values))).id!;
  const changes = changedInput(values, propertyToForm(current));
  if (Object.keys(changes).length > 0) await mutate.updateProperty({ id: current.id, ...changes });
  return current.id;
}
