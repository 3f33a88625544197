// deploy/k8s rendered as `kubectl kustomize` renders it (base and the example overlay), every object validated
// against the Kubernetes schemas (kubernetes-models), and held to what the app does: the probes' paths answer, the
// grace period covers the drain, secrets are only referenced, the migrations' Job runs a file that exists.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { Service } from "kubernetes-models/v1/Service";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { Job } from "kubernetes-models/batch/v1/Job";
import { Ingress } from "kubernetes-models/networking.k8s.io/v1/Ingress";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { parseConfig } from "../../api/config.ts";
import { createTestContext } from "../../api/testing/context.ts";

const IN_CI = Deno.env.get("CI") === "true";
const hasKubectl = (() => {
  try {
    execFileSync("kubectl", ["version", "--client"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

// Rendered objects are read field by field once their schema has validated them.
// deno-lint-ignore no-explicit-any
type Field = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: Field };
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  "v1/ConfigMap": ConfigMap,
  "v1/Service": Service,
  "apps/v1/Deployment": Deployment,
  "batch/v1/Job": Job,
  "networking.k8s.io/v1/Ingress": Ingress,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
};

/** The kustomization rendered, as objects: kustomize's YAML turned into JSON by kubectl itself, offline. */
function render(dir: string): K8sObject[] {
  const yaml = execFileSync("kubectl", ["kustomize", dir], { encoding: "utf8" });
  const file = Deno.makeTempFileSync({ suffix: ".yaml" });
  try {
    Deno.writeTextFileSync(file, yaml);
    // `annotate --local` prints the objects as JSON without a cluster; the annotation is only a no-op to print by.
    const json = execFileSync("kubectl", ["annotate", "--local", "-f", file, "-o", "json", "rendered=true"], {
      encoding: "utf8",
    });
    return json.split(/\n(?=\{)/).map((text) => JSON.parse(text) as K8sObject);
  } finally {
    Deno.removeSync(file);
  }
}

/** The app's answer to a GET of `path` (one app for both renders: making it is most of the test's time). */
let app: Awaited<ReturnType<typeof createTestContext>> | null = null;
async function answerOf(path: string): Promise<number> {
  app ??= await createTestContext();
  return (await app.request("GET", path)).status;
}

const SECRET_NAMES = [
  "JWT_SECRET",
  "DATABASE_URL",
  "REDIS_URL",
  "SMTP_URL",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
];

for (const dir of ["deploy/k8s/base", "deploy/k8s/overlays/example"]) {
  Deno.test({
    name: `${dir}: every object renders and validates against the Kubernetes schemas, and matches the app`,
    ignore: !hasKubectl && !IN_CI,
    async fn() {
      if (!hasKubectl) throw new Error("CI=true and kubectl is missing");
      const objects = render(dir);
      const byKind = (kind: string, name: string) => {
        const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
        assert.ok(found, `${kind} ${name}`);
        return found;
      };
      for (const object of objects) {
        const Model = MODELS[`${object.apiVersion}/${object.kind}`];
        assert.ok(Model, `no schema for ${object.apiVersion} ${object.kind}: add it to MODELS`);
        new Model(object as never).validate();
        // The schema is really held: the same object with a wrong type in it is refused.
        assert.throws(() => new Model({ ...object, metadata: { ...object.metadata, name: 42 } } as never).validate());
      }
      assert.ok(!objects.some((o) => o.kind === "Secret"), "no Secret is written in the manifests");

      const api = byKind("Deployment", "clearflow-api");
      const worker = byKind("Deployment", "clearflow-worker");
      const config = byKind("ConfigMap", "clearflow-config").data as Record<string, string>;
      const envOf = (deployment: K8sObject) => deployment.spec.template.spec.containers[0].env as K8sObject[];
      const valueOf = (deployment: K8sObject, name: string) => envOf(deployment).find((e) => e.name === name)?.value;
      assert.equal(api.spec.replicas, 3);
      assert.equal(valueOf(api, "RUN"), "api");
      assert.equal(valueOf(worker, "RUN"), "worker");

      // Secrets only by reference: never a value in a container's env or in the ConfigMap.
      for (const deployment of [api, worker, byKind("Job", "clearflow-migrate")]) {
        for (const entry of envOf(deployment)) {
          if (SECRET_NAMES.includes(entry.name)) {
            assert.equal(entry.value, undefined, `${entry.name} written in ${deployment.metadata.name}`);
            assert.equal(entry.valueFrom?.secretKeyRef?.name, "clearflow-secrets", entry.name);
          }
        }
      }
      for (const name of SECRET_NAMES) assert.ok(!(name in config), `${name} in the ConfigMap`);

      // The containers' environment is one the app accepts (placeholders for the secrets).
      const env = {
        ...config,
        RUN: "api",
        DATABASE_URL: "postgres://db/clearflow",
        REDIS_URL: "redis://redis:6379",
        JWT_SECRET: "x".repeat(40),
      };
      const parsed = parseConfig(env);
      assert.ok(parsed.metricsPort !== null && parsed.metricsPort !== parsed.port, "metrics on a port of their own");

      // Probes on paths the app answers, on its HTTP port.
      const container = api.spec.template.spec.containers[0];
      for (const probe of [container.readinessProbe, container.livenessProbe]) {
        assert.equal(probe.httpGet.port, "http");
        assert.equal(await answerOf(probe.httpGet.path), 200, `${probe.httpGet.path} answers`);
      }
      assert.ok(container.ports.some((p: K8sObject) => p.name === "http" && p.containerPort === parsed.port));
      // The endpoints leave the proxies during preStop; the drain and in-flight requests (10 s) fit in the grace.
      const preStop = container.lifecycle.preStop.sleep.seconds as number;
      const grace = api.spec.template.spec.terminationGracePeriodSeconds as number;
      assert.ok(preStop >= 1, "a preStop pause");
      assert.ok(
        grace >= preStop + parsed.shutdownDrainMs / 1000 + 10,
        `grace ${grace} s < preStop ${preStop} s + drain ${parsed.shutdownDrainMs} ms + 10 s`,
      );

      // The migrations' Job runs a file that exists; the autoscaler and the budget hold the API's pods.
      const job = byKind("Job", "clearflow-migrate");
      const command = job.spec.template.spec.containers[0].command as string[];
      assert.ok(existsSync(command.at(-1)!), `${command.at(-1)} exists`);
      const hpa = byKind("HorizontalPodAutoscaler", "clearflow-api");
      assert.equal(hpa.spec.scaleTargetRef.name, "clearflow-api");
      assert.equal(hpa.spec.metrics[0].resource.name, "cpu");
      const labels = api.spec.template.metadata.labels as Record<string, string>;
      const pdb = byKind("PodDisruptionBudget", "clearflow-api");
      for (const [key, value] of Object.entries(pdb.spec.selector.matchLabels as Record<string, string>)) {
        assert.equal(labels[key], value, "the budget selects the API's pods");
      }
      const ingress = byKind("Ingress", "clearflow");
      const backend = ingress.spec.rules[0].http.paths[0].backend.service;
      assert.equal(backend.name, byKind("Service", "clearflow-api").metadata.name);
      assert.equal(backend.port.name, "http", "the Ingress never routes to the metrics port");
    },
  });
}

Deno.test({
  name: "deploy/k8s: the app the probes were asked of is closed",
  ignore: !hasKubectl && !IN_CI,
  async fn() {
    await app?.close();
    app = null;
  },
});
