import { applyServiceOverrides, parseDeploymentConfig } from "../../../src/core/config";

const PAGE = "https://addin.example.org/taskpane.html";
const stored = { product: "https://old-proxy.example.org/api", matching: "/elsewhere/matching" };

describe("service addresses stored on this computer", () => {
  test("replace the deployment's addresses when the add-in talks to the services", () => {
    const direct = parseDeploymentConfig(
      { services: { product: "/p/api", matching: "/m", classification: "/c", market: "/g" } },
      PAGE,
    );
    const config = applyServiceOverrides(direct, stored, PAGE);
    expect(config.services.product).toBe("https://old-proxy.example.org/api");
    expect(config.services.matching).toBe("https://addin.example.org/elsewhere/matching");
    expect(config.services.market).toBe("https://addin.example.org/g");
  });

  test("are ignored through a team gateway: every service stays at the gateway", () => {
    const throughGateway = parseDeploymentConfig({ gateway: { url: "https://gw.example.org" } }, PAGE);
    const config = applyServiceOverrides(throughGateway, stored, PAGE);
    expect(config.services).toEqual({
      product: "https://gw.example.org/api/product",
      matching: "https://gw.example.org/api/matching",
      classification: "https://gw.example.org/api/classification",
      market: "https://gw.example.org/api/market",
    });
  });

  test("a broken stored address does not stop a gateway deployment from starting", () => {
    const throughGateway = parseDeploymentConfig({ gateway: { url: "https://gw.example.org" } }, PAGE);
    expect(() => applyServiceOverrides(throughGateway, { product: "not a url" }, PAGE)).not.toThrow();
  });
});

describe("nested app authentication in the deployment's gateway settings", () => {
  test("the app registration and the gateway's scope are read, with an optional authority", () => {
    const config = parseDeploymentConfig(
      {
        gateway: {
          url: "https://gw.example.org",
          singleSignOn: true,
          nestedAppAuth: { clientId: "app-id", apiScope: "api://gw.example.org/app-id/access_as_user" },
        },
      },
      PAGE,
    );
    expect(config.gateway?.nestedAppAuth).toEqual({
      clientId: "app-id",
      apiScope: "api://gw.example.org/app-id/access_as_user",
    });
  });

  test("a client id without the scope is a configuration error naming the field", () => {
    expect(() =>
      parseDeploymentConfig(
        { gateway: { url: "https://gw.example.org", singleSignOn: true, nestedAppAuth: { clientId: "app-id" } } },
        PAGE,
      ),
    ).toThrow("gateway.nestedAppAuth.apiScope");
  });
});
