import type { Plugin } from "vite";

/**
 * React Router's build creates its contexts and components at the top of its module (`React.createContext(…)`,
 * `React.forwardRef(…)`) and then writes a `displayName` on each. A bundler must keep such calls and writes, and with
 * them everything they reach: `Form` and its submission code, the data router's prefetching, RSC error handling,
 * whether the app uses them or not (remix-run/react-router#14058; the fix proposed upstream is #15299). This marks
 * those calls pure and drops the labels, which only React DevTools reads, so what the app does not import is left
 * out (decision 0044). Should an upgrade change the module's shape, nothing breaks: the route budgets of `npm test`
 * catch the size coming back.
 */
export function treeShakeReactRouter(): Plugin {
  return {
    name: "clearflow:tree-shake-react-router",
    apply: "build",
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/ },
      handler(code) {
        const pure = code.replace(/\b(React\d*\.(?:forwardRef|createContext)\()/g, "/* @__PURE__ */ $1");
        // A label's line becomes empty rather than gone, so the module keeps its line numbers.
        return { code: pure.replace(/^[\w$.]+\.displayName = "[^"\n]*";$/gm, ""), map: null };
      },
    },
  };
}
