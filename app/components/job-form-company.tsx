import { Link } from "react-router";
import { CompanyFields, type RenderField } from "#app/components/job-form-fields.tsx";
import { Field, inputClass } from "#app/components/job-form-controls.tsx";
import type { Company } from "#shared/companies.ts";

type CompanyChoiceProps = {
  id: string;
  field: RenderField;
  /** The employer's companies; see JobFormProps. */
  companies: Company[];
  /** The listing's company when another employer owns it; see JobFormProps. */
  otherCompany: Company | undefined;
  companyId: string;
  onPick: (company: Company | undefined) => void;
  withoutScripts: boolean;
};

/**
 * The listing's company: which of the employer's it is, or "A new company" with its fields. A company picked shows
 * the way to edit it, since its details are edited on the company, not on each listing.
 */
export function CompanyChoice({
  id,
  field,
  companies,
  otherCompany,
  companyId,
  onPick,
  withoutScripts,
}: CompanyChoiceProps) {
  const choices = otherCompany ? [...companies, otherCompany] : companies;
  const pickedCompany = choices.find((company) => company.id === companyId);
  return (
    <>
      {choices.length > 0 ? (
        <div className="sm:col-span-2">
          <Field
            id={id}
            label="Company"
            hint="Your listings show their company's details, which you edit once, on the company."
          >
            <select
              id={id}
              name="companyId"
              value={companyId}
              aria-describedby={`${id}-hint`}
              onChange={(event) => onPick(choices.find((company) => company.id === event.target.value))}
              className={inputClass}
            >
              {companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
              {otherCompany ? (
                <option value={otherCompany.id}>{otherCompany.name} (another employer&apos;s)</option>
              ) : null}
              <option value="">A new company</option>
            </select>
          </Field>
        </div>
      ) : null}
      {withoutScripts && companies.length > 0 ? (
        <p className="text-sm text-slate-700 sm:col-span-2">
          For a new company, give its details below; a company picked above keeps its own.
        </p>
      ) : null}
      {pickedCompany && pickedCompany.id === otherCompany?.id ? (
        <p className="text-sm text-slate-700 sm:col-span-2">
          An admin merged this listing&apos;s company into {pickedCompany.name}, which another employer owns: the
          listing shows its details, which that employer edits. It stays there unless you pick another company.
        </p>
      ) : null}
      {pickedCompany && !withoutScripts ? (
        pickedCompany.id === otherCompany?.id ? null : (
          <p className="text-sm text-slate-700 sm:col-span-2">
            This listing shows {pickedCompany.name}&apos;s details.{" "}
            <Link to={`/companies/${pickedCompany.slug}/edit`} className="font-medium text-brand-700 underline">
              Edit the company
            </Link>{" "}
            to change them on every listing of it.
          </p>
        )
      ) : (
        <CompanyFields field={field} />
      )}
    </>
  );
}
