import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { SETUP_REQUIRED_EVENT } from "../../lib/stepUp.ts";

/** Where a person the sign-in policy holds sets up their second factor. */
export const SETUP_PATH = "/account/two-step?required=1";

/** Any staff call refused with `setupRequired` takes the person to set up their second factor, before anything else. */
export function useSetupRequired(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const go = () => navigate(SETUP_PATH, { replace: true });
    window.addEventListener(SETUP_REQUIRED_EVENT, go);
    return () => window.removeEventListener(SETUP_REQUIRED_EVENT, go);
  }, [navigate]);
}
