import { Award, Feather, Flame, Heart, Lightbulb, MessageCircle, Target, Trophy, type LucideIcon } from 'lucide-react';
import type { BadgeId } from '@common/badges/badges';

/** Each badge's picture. */
export const BADGE_ICONS: Record<BadgeId, LucideIcon> = {
  first_story: Feather,
  first_perfect_drabble: Target,
  streak_3: Flame,
  streak_7: Flame,
  streak_30: Flame,
  streak_100: Flame,
  prompts_10: Lightbulb,
  first_comment_received: MessageCircle,
  reactions_10: Heart,
  contest_winner: Trophy,
  contest_podium: Award,
};
