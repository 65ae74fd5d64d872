# flake8: noqa

# import apis into api package
from sports_data_client.api.account_api import AccountApi
from sports_data_client.api.analytics_api import AnalyticsApi
from sports_data_client.api.bulk_api import BulkApi
from sports_data_client.api.college_football_api import CollegeFootballApi
from sports_data_client.api.dfs_api import DFSApi
from sports_data_client.api.endpoints_without_a_source_api import EndpointsWithoutASourceApi
from sports_data_client.api.feed_api import FeedApi
from sports_data_client.api.formula1_api import Formula1Api
from sports_data_client.api.golf_api import GolfApi
from sports_data_client.api.intelligence_api import IntelligenceApi
from sports_data_client.api.mlb_api import MLBApi
from sports_data_client.api.meta_api import MetaApi
from sports_data_client.api.models_api import ModelsApi
from sports_data_client.api.nascar_api import NASCARApi
from sports_data_client.api.nba_api import NBAApi
from sports_data_client.api.nfl_api import NFLApi
from sports_data_client.api.nfl_stacks_and_custom_rankings_api import NFLStacksAndCustomRankingsApi
from sports_data_client.api.nhl_api import NHLApi
from sports_data_client.api.odds_api import OddsApi
from sports_data_client.api.players_api import PlayersApi
from sports_data_client.api.public_api import PublicApi
from sports_data_client.api.soccer_api import SoccerApi
from sports_data_client.api.stream_api import StreamApi
from sports_data_client.api.tennis_api import TennisApi
from sports_data_client.api.ufc_api import UFCApi
from sports_data_client.api.webhooks_api import WebhooksApi

