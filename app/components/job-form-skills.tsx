import { useState } from "react";
import CreatableSelect from "react-select/creatable";
import { Field, inputClass } from "#app/components/job-form-controls.tsx";
import { addSkill, asSkill, type Skill } from "#app/lib/job-form-values.ts";
import { suggestSkills } from "#shared/skills.ts";

type SkillsFieldProps = {
  id: string;
  /** react-select's own id prefix, the same on the server and in the browser. */
  instanceId: string;
  skills: Skill[];
  error: string | undefined;
  /** A browser without JavaScript gets the skills as one text to type (ADR 41). */
  withoutScripts: boolean;
  onChange: (skills: Skill[]) => void;
};

/** "Required Skill Sets": picked from suggestions or typed, or, without scripts, one comma-separated text. */
export function SkillsField({ id, instanceId, skills, error, withoutScripts, onChange }: SkillsFieldProps) {
  const [skillInput, setSkillInput] = useState("");
  if (withoutScripts)
    return (
      <Field
        id={id}
        label="Required Skill Sets"
        error={error}
        hint="Separate the skills with commas, e.g. React, Node."
      >
        <input
          id={id}
          name="skills"
          defaultValue={skills.map(({ value }) => value).join(", ")}
          aria-invalid={Boolean(error)}
          aria-describedby={[error ? `${id}-error` : "", `${id}-hint`].filter(Boolean).join(" ")}
          className={inputClass}
        />
      </Field>
    );
  // react-select owns the input's aria-describedby, so its message is tied by aria-errormessage and announced politely.
  return (
    <Field id={id} label="Required Skill Sets" error={error} liveError>
      <CreatableSelect<Skill, true>
        instanceId={instanceId}
        inputId={id}
        isMulti
        // Ranked here (exact, then starts with, then holds what is typed); react-select's own filter would keep
        // list order and hide nothing better.
        options={suggestSkills(
          skillInput,
          skills.map(({ value }) => value),
        ).map(asSkill)}
        filterOption={null}
        value={skills}
        onChange={(selected) => onChange([...selected])}
        onCreateOption={(typed) => onChange(addSkill(skills, typed))}
        inputValue={skillInput}
        onInputChange={setSkillInput}
        onKeyDown={(event) => {
          // A skill already chosen ("react" beside React) leaves nothing to pick, and react-select would let Enter
          // submit the half-filled form; it is taken as "already there" instead.
          if (event.key === "Enter" && skillInput !== "" && addSkill(skills, skillInput) === skills) {
            event.preventDefault();
            setSkillInput("");
          }
        }}
        // Last: Enter takes the best existing skill ("Rea" → React); creating what was typed is one arrow away.
        createOptionPosition="last"
        aria-invalid={Boolean(error)}
        aria-errormessage={error ? `${id}-error` : undefined}
        styles={{
          // react-select's default grey placeholder is below WCAG contrast on white.
          placeholder: (base) => ({ ...base, color: "#475569" }),
          control: (base) => ({ ...base, borderColor: error ? "#dc2626" : "#cbd5e1" }),
        }}
      />
    </Field>
  );
}
