import { describe, expect, it } from "vitest";
import { emptyServiceFields, serviceToFields, splitList, toServiceInput, type ServiceFields } from "./serviceForm.ts";
import { makeService } from "../../test/staffFixtures.ts";
import { BASIC_WITH_SPANISH } from "../../test/fetch.ts";

function filled(): ServiceFields {
  const fields = emptyServiceFields();
  return {
    ...fields,
    title: "Attic Fan Cleaning",
    image: "/images/attic.webp",
    description: "Dust off the fan.",
    benefits: "Quieter fan, , Cooler attic ",
    process: "Inspect,Clean",
    price: "129.5",
    duration: "1 hour",
    coverage: "One fan",
    packages: [{ ...fields.packages[0]!, name: "Basic", price: "129.50", features: "Fan, Louvers", isPopular: true }],
  };
}

describe("service form conversion", () => {
  it("keeps a number's thousands separator inside its item, so a seeded list saved unchanged keeps its items", () => {
    expect(splitList("Up to 2,000 sq ft, Main trunk line cleaning")).toEqual([
      "Up to 2,000 sq ft",
      "Main trunk line cleaning",
    ]);
    expect(splitList("Homes over 3,500 sq ft,Attic units")).toEqual(["Homes over 3,500 sq ft", "Attic units"]);
  });

  it("splitList trims items and drops empty ones", () => {
    expect(splitList(" a, b ,, c ,")).toEqual(["a", "b", "c"]);
    expect(splitList("")).toEqual([]);
  });

  it("turns comma lists into arrays and prices into numbers", () => {
    const result = toServiceInput(filled());
    expect(result).toEqual({
      ok: true,
      input: {
        title: "Attic Fan Cleaning",
        titleEs: "",
        image: "/images/attic.webp",
        description: "Dust off the fan.",
        descriptionEs: "",
        benefits: ["Quieter fan", "Cooler attic"],
        benefitsEs: [],
        process: ["Inspect", "Clean"],
        processEs: [],
        price: 129.5,
        duration: "1 hour",
        durationEs: "",
        coverage: "One fan",
        coverageEs: "",
        packages: [
          { name: "Basic", nameEs: "", price: 129.5, features: ["Fan", "Louvers"], featuresEs: [], isPopular: true },
        ],
        checklist: [],
      },
    });
  });

  it("refuses missing required fields and names each one", () => {
    const result = toServiceInput(emptyServiceFields());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(
      expect.arrayContaining([
        "title",
        "image",
        "description",
        "price",
        "duration",
        "coverage",
        "packages.0.name",
        "packages.0.price",
        "packages.0.features",
      ]),
    );
    expect(result.errors).not.toHaveProperty("benefits");
    expect(result.errors).not.toHaveProperty("process");
  });

  it("refuses a package price that is not a number", () => {
    const fields = filled();
    fields.packages[0]!.price = "abc";
    const result = toServiceInput(fields);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors["packages.0.price"]).toBeTruthy();
  });

  it("edit mode starts from the service, lists joined with commas", () => {
    const fields = serviceToFields(makeService());
    expect(fields.benefits).toBe("Cleaner air, Lower bills");
    expect(fields.price).toBe("199");
    expect(fields.packages).toHaveLength(1);
    expect(fields.packages[0]).toMatchObject({ name: "Basic", price: "199", features: "Up to 10 vents" });
  });

  it("keeps the checklist's ids and gives a new item one", () => {
    const fields = serviceToFields(makeService({ checklist: [{ _id: "flue", label: "Flue swept", required: true }] }));
    fields.checklist.push({ key: 99, label: "Cap inspected", required: false });
    const result = toServiceInput({ ...fields, packages: filled().packages });
    expect(result.ok && result.input.checklist?.map((i) => [i._id, i.label, i.required])).toEqual([
      ["flue", "Flue swept", true],
      [expect.stringMatching(/^item-/), "Cap inspected", false],
    ]);
  });

  it.each([
    ["titleEs", "title", 120],
    ["descriptionEs", "description", 2000],
  ] as const)(
    "the Spanish %s comes from the service and goes back trimmed; emptied, it is sent empty",
    (key, word, max) => {
      const fields = serviceToFields(makeService({ [key]: "Limpieza de ductos de aire" }));
      expect(fields[key]).toBe("Limpieza de ductos de aire");
      const sent = toServiceInput({ ...fields, [key]: "  Limpieza de ductos  ", packages: filled().packages });
      expect(sent.ok && sent.input[key]).toBe("Limpieza de ductos");
      const emptied = toServiceInput({ ...fields, [key]: "", packages: filled().packages });
      expect(emptied.ok && emptied.input[key]).toBe("");
      const long = toServiceInput({ ...fields, [key]: "x".repeat(max + 1), packages: filled().packages });
      expect(!long.ok && long.errors[key]).toBe(`Spanish ${word} must be at most ${max} characters`);
    },
  );

  it("the Spanish lists, duration, coverage and package words come from the service and go back as the English do", () => {
    const service = makeService({
      benefitsEs: ["Aire más limpio", "Facturas más bajas"],
      processEs: ["Revisamos", "Limpiamos"],
      durationEs: "2 a 4 horas",
      coverageEs: "Toda la casa",
      packages: [BASIC_WITH_SPANISH],
    });
    const fields = serviceToFields(service);
    expect(fields).toMatchObject({
      benefitsEs: "Aire más limpio, Facturas más bajas",
      processEs: "Revisamos, Limpiamos",
      durationEs: "2 a 4 horas",
      coverageEs: "Toda la casa",
    });
    expect(fields.packages[0]).toMatchObject({ nameEs: "Básico", featuresEs: "Hasta 10 rejillas" });
    const sent = toServiceInput({ ...fields, benefitsEs: " Aire más limpio ,, Menos polvo" });
    expect(sent.ok && sent.input).toMatchObject({
      benefitsEs: ["Aire más limpio", "Menos polvo"],
      processEs: ["Revisamos", "Limpiamos"],
      durationEs: "2 a 4 horas",
      coverageEs: "Toda la casa",
      packages: [{ name: "Basic", nameEs: "Básico", features: ["Up to 10 vents"], featuresEs: ["Hasta 10 rejillas"] }],
    });
    // Emptied, each is sent empty: the service has none any more.
    const emptied = serviceToFields(makeService());
    expect(toServiceInput(emptied)).toMatchObject({
      ok: true,
      input: {
        benefitsEs: [],
        processEs: [],
        durationEs: "",
        coverageEs: "",
        packages: [{ nameEs: "", featuresEs: [] }],
      },
    });
  });

  it("names the Spanish field a refusal is about, a list's item on the whole list", () => {
    const fields = { ...filled(), benefitsEs: `Bien, ${"x".repeat(301)}`, durationEs: "x".repeat(61) };
    fields.packages = [{ ...fields.packages[0]!, nameEs: "x".repeat(61), featuresEs: "x".repeat(301) }];
    const result = toServiceInput(fields);
    expect(!result.ok && result.errors).toEqual({
      benefitsEs: "Spanish benefit must be at most 300 characters",
      durationEs: "Spanish duration must be at most 60 characters",
      "packages.0.nameEs": "Spanish package name must be at most 60 characters",
      "packages.0.featuresEs": "Spanish feature must be at most 300 characters",
    });
  });

  it("a service without packages still starts with one empty package", () => {
    expect(serviceToFields(makeService({ packages: [] })).packages).toHaveLength(1);
  });
});
