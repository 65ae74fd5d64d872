"""Smoke run of the generated Python client against a running server (hand-written, not generated).

    python3 clients/python/smoke.py <base_url> <api_key>

Calls operations through the generated `sports_data_client` and prints one JSON object:
- "players": the rows of GET /v1/nfl/players?team=BUF (NFLApi.nfl_players), as the client decoded them
  (written back as JSON by the client's own `sanitize_for_serialization`);
- "game": the 2024 week 1 ARI at BUF game of GET /v1/nfl/games?season=2024&week=1 (NFLApi.nfl_games);
- "unauthorized": status and error_code of the players call made with a wrong key (ApiException);
- "bad_parameter": status, error_code and parameter of GET /v1/nfl/players/{id}/projection with an
  unknown scoring format (AnalyticsApi.analytics_projection; the server answers 400).

The generated code targets pydantic 1 (OpenAPI Generator 7.0.0, see requirements.txt). Where only
pydantic 2 is installed, its bundled `pydantic.v1` package (the pydantic 1 API shipped inside pydantic 2)
stands in for it: `pydantic` is aliased to `pydantic.v1` before the client is imported.
"""
import json
import os
import sys

import pydantic

if pydantic.VERSION.startswith("2."):
    import pydantic.v1

    sys.modules["pydantic"] = pydantic.v1

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import sports_data_client  # noqa: E402
from sports_data_client.exceptions import ApiException  # noqa: E402


def client(base_url, key):
    """An ApiClient at base_url sending key in X-Service-Key (the `serviceKey` scheme)."""
    configuration = sports_data_client.Configuration(host=base_url, api_key={"serviceKey": key})
    return sports_data_client.ApiClient(configuration)


def error_of(exc):
    """Status and standard error object fields of an ApiException."""
    body = json.loads(exc.body) if exc.body else {}
    return {"status": exc.status, "error_code": body.get("error_code"), "parameter": body.get("parameter")}


def main(base_url, key):
    out = {}
    with client(base_url, key) as api:
        nfl = sports_data_client.NFLApi(api)
        out["players"] = api.sanitize_for_serialization(nfl.nfl_players(team="BUF", limit=200).data)
        games = nfl.nfl_games(season=2024, week=1, limit=100).data
        out["game"] = next((api.sanitize_for_serialization(g) for g in games if g.event_id == "2024_01_ARI_BUF"), None)
        try:
            sports_data_client.AnalyticsApi(api).analytics_projection("nfl", "svc_nfl_00-0034857", scoring="bogus")
            out["bad_parameter"] = None
        except ApiException as exc:
            out["bad_parameter"] = error_of(exc)
    with client(base_url, key + "x") as api:
        try:
            sports_data_client.NFLApi(api).nfl_players(team="BUF")
            out["unauthorized"] = None
        except ApiException as exc:
            out["unauthorized"] = error_of(exc)
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
