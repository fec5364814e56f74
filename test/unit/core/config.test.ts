import { ConfigError, loadDeploymentConfig, parseDeploymentConfig } from "../../../src/core/config";
import shipped from "../../../config/deployment.json";

const PAGE = "https://localhost:3000/taskpane.html";

describe("deployment configuration", () => {
  test("the shipped default points every service at the sandbox through the add-in's own origin", () => {
    const config = parseDeploymentConfig(shipped, PAGE);
    expect(config.sandbox).toBe(true);
    expect(config.services).toEqual({
      product: "https://localhost:3000/sandbox/product/api",
      matching: "https://localhost:3000/sandbox/matching",
      classification: "https://localhost:3000/sandbox/classification",
      market: "https://localhost:3000/sandbox/market",
    });
  });

  test("absolute URLs are kept, without a trailing slash, so clients can append paths", () => {
    const config = parseDeploymentConfig(
      {
        services: {
          product: "https://api.example.org/api/",
          matching: "https://m.example.org",
          classification: "https://c.example.org/",
          market: "https://g.example.org/",
        },
      },
      PAGE,
    );
    expect(config.services.product).toBe("https://api.example.org/api");
    expect(config.services.classification).toBe("https://c.example.org");
    expect(config.sandbox).toBe(false);
  });

  test.each([
    ["a missing service", { services: { product: "/p", matching: "/m", classification: "/c" } }, "services.market"],
    [
      "a URL that is neither absolute nor a path",
      { services: { product: "api.example.org", matching: "/m", classification: "/c", market: "/g" } },
      "services.product",
    ],
    [
      "a non-http scheme",
      { services: { product: "ftp://x", matching: "/m", classification: "/c", market: "/g" } },
      "services.product",
    ],
    ["not an object", "hello", "(root)"],
  ])("rejects %s with a message naming the field", (_label, raw, field) => {
    expect(() => parseDeploymentConfig(raw, PAGE)).toThrow(ConfigError);
    expect(() => parseDeploymentConfig(raw, PAGE)).toThrow(field);
  });

  test("loads config.json beside the page", async () => {
    const asked: string[] = [];
    const fetchFn = async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(shipped), { status: 200 });
    };
    const config = await loadDeploymentConfig(fetchFn, "https://addin.example.org/ukco/taskpane.html");
    expect(asked).toEqual(["https://addin.example.org/ukco/config.json"]);
    expect(config.services.market).toBe("https://addin.example.org/sandbox/market");
  });

  test("a missing or broken config.json is a ConfigError with a readable message", async () => {
    await expect(loadDeploymentConfig(async () => new Response("nope", { status: 404 }), PAGE)).rejects.toThrow(
      "HTTP 404",
    );
    await expect(loadDeploymentConfig(async () => new Response("{not json", { status: 200 }), PAGE)).rejects.toThrow(
      ConfigError,
    );
    await expect(
      loadDeploymentConfig(async () => {
        throw new TypeError("Failed to fetch");
      }, PAGE),
    ).rejects.toThrow("Failed to fetch");
  });
});
