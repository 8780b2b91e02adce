"""Shared set-up of the ctype_dev scripts: where the blind set, the shared data and the output live.

Importing it puts tests/fixtures/blind_labels on sys.path (exec_check, make_mutants, score_engine).
"""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
BL = os.path.join(HERE, "..", "..", "fixtures", "blind_labels")
sys.path.insert(0, BL)
# ../shared/data beside the repository, as everywhere else in the project
DATA = os.environ.get("HS_SHARED_DATA", os.path.normpath(os.path.join(HERE, "..", "..", "..", "..", "shared", "data")))
OUT = os.environ.get("CTYPE_DEV_OUT", "/tmp/ctype_dev")
os.makedirs(OUT, exist_ok=True)


def blind_cases():
    """The blind set's cases (only their ids are used: the set stays out of development)."""
    return [json.loads(l) for l in open(os.path.join(BL, "cases.jsonl"))]
